/**
 * Price by quantity (issue 29): a product's breaks take a percentage off each
 * piece once enough pieces of one style with one design (or all plain) are
 * bought together. The cart's quote, checkout's charge, the designer, the size
 * matrix and group orders all price through here, so what is shown is what is
 * charged. Zod-free: the guest cart prices on the first page a shopper loads.
 */

export interface PriceBreak {
  /** Pieces from which the break applies (counted across sizes and colours). */
  minQuantity: number;
  percentOff: number;
}

export const PRICE_BREAK_LIMITS = {
  breaks: 5,
  minQuantity: { min: 2, max: 1000 },
  percentOff: { min: 1, max: 90 },
} as const;

/** The break that applies to `pieces`: the one with the largest minQuantity at most `pieces`, or null. */
export function priceBreakFor(breaks: readonly PriceBreak[], pieces: number): PriceBreak | null {
  let best: PriceBreak | null = null;
  for (const priceBreak of breaks) {
    if (priceBreak.minQuantity <= pieces && (!best || priceBreak.minQuantity > best.minQuantity)) {
      best = priceBreak;
    }
  }
  return best;
}

/** One piece's price, in paise, when `pieces` are bought together: rounded to the paisa. */
export function unitPaiseAfterBreak(
  unitPaise: number,
  breaks: readonly PriceBreak[],
  pieces: number,
): number {
  const priceBreak = priceBreakFor(breaks, pieces);
  return priceBreak ? Math.round((unitPaise * (100 - priceBreak.percentOff)) / 100) : unitPaise;
}

/** The next break above `pieces` and how many more pieces reach it, or null when none is left. */
export function nextPriceBreak(
  breaks: readonly PriceBreak[],
  pieces: number,
): { priceBreak: PriceBreak; piecesToGo: number } | null {
  let next: PriceBreak | null = null;
  for (const priceBreak of breaks) {
    if (priceBreak.minQuantity > pieces && (!next || priceBreak.minQuantity < next.minQuantity)) {
      next = priceBreak;
    }
  }
  return next ? { priceBreak: next, piecesToGo: next.minQuantity - pieces } : null;
}
