import { getCartQuote as getCartQuoteEndpoint, type Quote } from '#contract';
import { type QueryState, useQuery } from '#web/hooks/use-query.ts';
import { apiCall } from '#web/lib/api-client.ts';
import { useCartStore } from '../stores/cart-store.ts';
import { useCheckoutOptionsStore } from '../stores/checkout-options-store.ts';

export interface CartQuoteInput {
  couponCode: string | null;
  giftWrap: boolean;
}

/** GET /api/v1/cart/quote: the selected lines priced exactly as checkout will charge them. */
export function getCartQuote({ couponCode, giftWrap }: CartQuoteInput, signal?: AbortSignal) {
  return apiCall(getCartQuoteEndpoint, {
    query: { couponCode: couponCode ?? undefined, giftWrap },
    signal,
  });
}

/**
 * The quote for the cart as it stands, with the coupon and gift wrap chosen:
 * fetched again whenever the lines, the selection, the coupon or the gift
 * wrap change, so Price Details always show what the server will charge.
 */
export function useCartQuote(): QueryState<Quote> {
  const revision = useCartStore((state) => state.revision);
  const couponCode = useCheckoutOptionsStore((state) => state.couponCode);
  const giftWrap = useCheckoutOptionsStore((state) => state.giftWrap);
  return useQuery(JSON.stringify([revision, couponCode, giftWrap]), (signal) =>
    getCartQuote({ couponCode, giftWrap }, signal),
  );
}
