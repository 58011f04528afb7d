/**
 * Price by quantity (issue 29): a product's breaks take a percentage off each
 * piece once enough pieces of one style with one design (or all plain) are
 * bought together. The cart's quote, checkout's charge, the designer, the size
 * matrix and group orders all price through here, so what is shown is what is
 * charged. Zod-free: the guest cart prices on the first page a shopper loads.
 */

import { formatRupees } from './format.ts';

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

/** JSON with object keys sorted: two equal designs read alike, however they were stored. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

/** One cart line as price breaks see it. */
export interface BreakableLine {
  styleId: string;
  /** The line's shared design (without per-piece personalisation), or null for plain. */
  design: unknown;
  /** Its product's breaks: the colours of a style share one list. */
  priceBreaks: readonly PriceBreak[];
  /** One piece before any break (decoration included), in paise. */
  listUnitPaise: number;
  quantity: number;
  selected: boolean;
}

/** What one piece of a line costs with the breaks its group reached, and the next break's offer. */
export interface BrokenLinePrice {
  unitPaise: number;
  /** The break applied, or null. */
  priceBreak: PriceBreak | null;
  /** The next break: how many more pieces of the group reach it and a piece's price then. */
  next: { piecesToGo: number; unitPaise: number } | null;
}

/** Lines of one style with one design (or all plain) count together, across sizes and colours. */
export const priceBreakGroupKey = (line: Pick<BreakableLine, 'styleId' | 'design'>) =>
  `${line.styleId}\u0000${line.design ? canonicalJson(line.design) : 'plain'}`;

/**
 * Each line's piece price: the selected lines of its group are counted (what
 * is ordered together). An unselected line is priced as if it were selected
 * too, so it shows what it would cost in the order.
 */
export function priceLinesWithBreaks(lines: readonly BreakableLine[]): BrokenLinePrice[] {
  const selectedPieces = new Map<string, number>();
  for (const line of lines) {
    if (!line.selected) continue;
    const key = priceBreakGroupKey(line);
    selectedPieces.set(key, (selectedPieces.get(key) ?? 0) + line.quantity);
  }
  return lines.map((line) => {
    const counted =
      (selectedPieces.get(priceBreakGroupKey(line)) ?? 0) + (line.selected ? 0 : line.quantity);
    const next = nextPriceBreak(line.priceBreaks, counted);
    return {
      unitPaise: unitPaiseAfterBreak(line.listUnitPaise, line.priceBreaks, counted),
      priceBreak: priceBreakFor(line.priceBreaks, counted),
      next: next && {
        piecesToGo: next.piecesToGo,
        unitPaise: unitPaiseAfterBreak(
          line.listUnitPaise,
          line.priceBreaks,
          next.priceBreak.minQuantity,
        ),
      },
    };
  });
}

/** '₹719.10 each (10% off for 10+)': a unit price and the break it came from, if any. */
export function unitPriceText(unitPrice: number, priceBreak: PriceBreak | null): string {
  const each = `${formatRupees(unitPrice)} each`;
  return priceBreak
    ? `${each} (${priceBreak.percentOff}% off for ${priceBreak.minQuantity}+)`
    : each;
}

/** 'Add 3 more for ₹719.10 each': the next break's offer. */
export function nextBreakText(next: { piecesToGo: number; unitPrice: number }): string {
  return `Add ${next.piecesToGo} more for ${formatRupees(next.unitPrice)} each`;
}
