import { describe, expect, it } from 'vitest';
import { type CouponRule, priceLines } from './pricing.ts';

const MAX500: CouponRule = {
  code: 'MAX500',
  description: '2.5% off, up to ₹500',
  percentOff: 2.5,
  maxDiscountPaise: 50_000,
  minOrderPaise: 0,
  active: true,
  startsAt: null,
  endsAt: null,
};
const now = new Date('2026-11-21T10:00:00Z');
const lines = [
  { pricePaise: 49_900, quantity: 2 },
  { pricePaise: 129_900, quantity: 1 },
];

describe('priceLines', () => {
  it('adds up the lines with no coupon and no gift wrap', () => {
    expect(priceLines({ lines, coupon: null, giftWrap: false, now })).toMatchObject({
      subtotalPaise: 229_700,
      discountPaise: 0,
      giftWrapPaise: 0,
      totalPaise: 229_700,
      couponError: null,
    });
  });

  it('takes 2.5% off with MAX500 and adds gift wrap (D10, D16)', () => {
    const price = priceLines({ lines, coupon: MAX500, giftWrap: true, now });
    expect(price.discountPaise).toBe(5_743); // 2.5% of ₹2,297, rounded to the paisa
    expect(price.totalPaise).toBe(229_700 - 5_743 + 2_000);
    expect(price.coupon?.code).toBe('MAX500');
  });

  it('caps the discount at ₹500', () => {
    const big = [{ pricePaise: 299_900, quantity: 10 }];
    expect(priceLines({ lines: big, coupon: MAX500, giftWrap: false, now }).discountPaise).toBe(
      50_000,
    );
  });

  it.each([
    ['unknown', undefined, 'This coupon code is not valid'],
    ['inactive', { ...MAX500, active: false }, 'This coupon code is not valid'],
    ['expired', { ...MAX500, endsAt: new Date('2026-11-01T00:00:00Z') }, 'This coupon has expired'],
    [
      'not yet started',
      { ...MAX500, startsAt: new Date('2026-12-01T00:00:00Z') },
      'This coupon has expired',
    ],
    [
      'below its minimum',
      { ...MAX500, minOrderPaise: 500_000 },
      'This coupon needs an order of at least ₹5000',
    ],
  ])('applies no discount for a coupon that is %s, and says why', (_, coupon, message) => {
    const price = priceLines({ lines, coupon, giftWrap: false, now });
    expect(price).toMatchObject({
      discountPaise: 0,
      coupon: null,
      couponError: message,
      totalPaise: 229_700,
    });
  });

  it('prices an empty selection at zero', () => {
    expect(priceLines({ lines: [], coupon: MAX500, giftWrap: false, now }).totalPaise).toBe(0);
  });
});
