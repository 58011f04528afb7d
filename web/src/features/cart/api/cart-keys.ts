import type { QuoteQuery } from '#contract';

const all = ['cart'] as const;
const quotes = [...all, 'quote'] as const;

/** Cache keys of the signed-in shopper's cart: everything cached about it starts with `all`. */
export const cartKeys = {
  all,
  /** The cart's lines. */
  lines: [...all, 'lines'] as const,
  /** The coupon and gift wrap kept with the cart. */
  options: [...all, 'options'] as const,
  /** Every cached quote; line changes invalidate them all (the quote prices the selected lines). */
  quotes,
  /** The quote for the choices it is priced with, as the server stores them. */
  quote: (input: QuoteQuery) => [...quotes, input] as const,
};
