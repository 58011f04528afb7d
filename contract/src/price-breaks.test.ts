import { describe, expect, it } from 'vitest';
import { PriceBreaksSchema } from './catalogue.ts';
import {
  type BreakableLine,
  nextPriceBreak,
  priceLinesWithBreaks,
  unitPaiseAfterBreak,
} from './price-breaks.ts';

const TEE_BREAKS = [
  { minQuantity: 10, percentOff: 10 },
  { minQuantity: 25, percentOff: 15 },
  { minQuantity: 50, percentOff: 20 },
];

const line = (change: Partial<BreakableLine>): BreakableLine => ({
  styleId: 'style-1',
  design: null,
  priceBreaks: TEE_BREAKS,
  listUnitPaise: 79_900,
  quantity: 1,
  selected: true,
  ...change,
});

describe('unitPaiseAfterBreak (issue 29)', () => {
  it.each([
    [9, 79_900],
    [10, 71_910],
    [24, 71_910],
    [25, 67_915],
    [49, 67_915],
    [50, 63_920],
  ])('%i pieces of ₹799 cost %i paise each', (pieces, paise) => {
    expect(unitPaiseAfterBreak(79_900, TEE_BREAKS, pieces)).toBe(paise);
  });

  it('names the next break and the pieces to go', () => {
    expect(nextPriceBreak(TEE_BREAKS, 7)).toEqual({ priceBreak: TEE_BREAKS[0], piecesToGo: 3 });
    expect(nextPriceBreak(TEE_BREAKS, 50)).toBeNull();
  });
});

describe('priceLinesWithBreaks (issue 29)', () => {
  it('counts the lines of one style and design together, across sizes and colours', () => {
    const design = { front: [{ text: 'TEAM' }], back: [] };
    const prices = priceLinesWithBreaks([
      line({ quantity: 4, design }),
      // Another colour of the style, its design stored with its keys in another order.
      line({ quantity: 6, design: { back: [], front: [{ text: 'TEAM' }] } }),
    ]);
    expect(prices.map((price) => price.unitPaise)).toEqual([71_910, 71_910]);
    expect(prices[0]?.priceBreak).toEqual(TEE_BREAKS[0]);
    expect(prices[0]?.next).toEqual({ piecesToGo: 15, unitPaise: 67_915 });
  });

  it('keeps plain and designed lines, and other styles, apart', () => {
    const prices = priceLinesWithBreaks([
      line({ quantity: 9 }),
      line({ quantity: 9, design: { front: [{ text: 'TEAM' }], back: [] } }),
      line({ quantity: 9, styleId: 'style-2' }),
    ]);
    expect(prices.map((price) => price.unitPaise)).toEqual([79_900, 79_900, 79_900]);
    expect(prices[0]?.next).toEqual({ piecesToGo: 1, unitPaise: 71_910 });
  });

  it('counts selected lines only; an unselected one is priced as if it joined them', () => {
    const prices = priceLinesWithBreaks([
      line({ quantity: 8 }),
      line({ quantity: 5, selected: false }),
      line({ quantity: 1, selected: false }),
    ]);
    expect(prices.map((price) => price.unitPaise)).toEqual([79_900, 71_910, 79_900]);
  });
});

describe('PriceBreaksSchema (issue 29)', () => {
  const problem = (breaks: unknown) =>
    PriceBreaksSchema.safeParse(breaks).error?.issues[0]?.message;

  it('takes up to five breaks going up', () => {
    expect(problem(TEE_BREAKS)).toBeUndefined();
    expect(problem([])).toBeUndefined();
  });

  it.each([
    [[{ minQuantity: 1, percentOff: 10 }], 'Pieces must be at least 2'],
    [[{ minQuantity: 1001, percentOff: 10 }], 'Pieces must be at most 1000'],
    [[{ minQuantity: 10, percentOff: 0 }], 'Percent off must be at least 1'],
    [[{ minQuantity: 10, percentOff: 91 }], 'Percent off must be at most 90'],
    [[{ minQuantity: 10, percentOff: 7.5 }], 'Percent off must be a whole number'],
    [
      [
        { minQuantity: 25, percentOff: 15 },
        { minQuantity: 10, percentOff: 10 },
      ],
      'Price breaks must go up: each one from more pieces than the one before',
    ],
    [
      [
        { minQuantity: 10, percentOff: 10 },
        { minQuantity: 10, percentOff: 15 },
      ],
      'Price breaks must go up: each one from more pieces than the one before',
    ],
    [
      [2, 3, 4, 5, 6, 7].map((minQuantity) => ({ minQuantity, percentOff: 5 })),
      'A product may have at most 5 price breaks',
    ],
  ])('refuses %j: %s', (breaks, message) => {
    expect(problem(breaks)).toBe(message);
  });
});
