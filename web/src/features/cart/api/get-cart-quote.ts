import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CartOptions, getCartQuote as getCartQuoteEndpoint, type QuoteQuery } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { cartKeys } from './cart-keys.ts';
import { useCartOptions } from './get-cart-options.ts';

/**
 * GET /api/v1/cart/quote without parameters: the selected lines priced with
 * the cart's stored coupon and gift wrap, exactly as checkout charges them.
 */
export function getCartQuote(signal?: AbortSignal) {
  return apiCall(getCartQuoteEndpoint, { signal });
}

/** Keyed by the choices it is priced with (the contract's quote input), as the server stores them. */
export const cartQuoteQueryOptions = ({ couponCode, giftWrap }: CartOptions) => {
  const input: QuoteQuery = { couponCode: couponCode ?? '', giftWrap };
  return queryOptions({
    queryKey: cartKeys.quote(input),
    queryFn: ({ signal }) => getCartQuote(signal),
  });
};

/**
 * The quote for the cart as it stands. A new choice is a new key (one call);
 * a changed line invalidates the quotes (one call). While the next quote
 * loads, the previous one stays shown, marked as updating.
 */
export function useCartQuote() {
  const options = useCartOptions();
  return useQuery({
    ...cartQuoteQueryOptions(
      options.data ?? { couponCode: null, giftWrap: false, giftMessage: '' },
    ),
    enabled: options.data !== undefined,
    placeholderData: keepPreviousData,
  });
}
