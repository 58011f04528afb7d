import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type CartOptions,
  getCartQuote as getCartQuoteEndpoint,
  type PaymentMethod,
  type QuoteQuery,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { cartKeys } from './cart-keys.ts';
import { useCartOptions } from './get-cart-options.ts';

/**
 * GET /api/v1/cart/quote: the selected lines priced with the cart's stored
 * coupon and gift wrap, exactly as checkout charges them; with a payment
 * method, paying that way (cash adds the owner's fee, issue 25).
 */
export function getCartQuote(paymentMethod: PaymentMethod | undefined, signal?: AbortSignal) {
  return apiCall(getCartQuoteEndpoint, { query: paymentMethod ? { paymentMethod } : {}, signal });
}

/** Keyed by the choices it is priced with (the contract's quote input), as the server stores them. */
export const cartQuoteQueryOptions = (
  { couponCode, giftWrap }: CartOptions,
  paymentMethod?: PaymentMethod,
) => {
  const input: QuoteQuery = { couponCode: couponCode ?? '', giftWrap, paymentMethod };
  return queryOptions({
    queryKey: cartKeys.quote(input),
    queryFn: ({ signal }) => getCartQuote(paymentMethod, signal),
  });
};

/**
 * The quote for the cart as it stands, paid the way given (checkout), or
 * with no payment's fee (the cart). A new choice is a new key (one call);
 * a changed line invalidates the quotes (one call). While the next quote
 * loads, the previous one stays shown, marked as updating.
 */
export function useCartQuote(paymentMethod?: PaymentMethod) {
  const options = useCartOptions();
  return useQuery({
    ...cartQuoteQueryOptions(
      options.data ?? { couponCode: null, giftWrap: false, giftMessage: '' },
      paymentMethod,
    ),
    enabled: options.data !== undefined,
    placeholderData: keepPreviousData,
  });
}
