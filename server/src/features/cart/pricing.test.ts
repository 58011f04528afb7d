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
/** The defaults: cash offered up to ₹5,000, no fee. */
const DEFAULT_RULES = { enabled: true, maxOrderPaise: 500_000, feePaise: 0 };
/** Not paying in cash: no fee, whatever the rules. */
const cashOnDelivery = { rules: DEFAULT_RULES, chosen: false };
const lines = [
  { pricePaise: 49_900, quantity: 2 },
  { pricePaise: 129_900, quantity: 1 },
];

describe('priceLines', () => {
  it('adds up the lines with no coupon and no gift wrap', () => {
    expect(priceLines({ lines, coupon: null, giftWrap: false, cashOnDelivery, now })).toMatchObject(
      {
        subtotalPaise: 229_700,
        discountPaise: 0,
        giftWrapPaise: 0,
        totalPaise: 229_700,
        couponError: null,
      },
    );
  });

  it('takes 2.5% off with MAX500 and adds gift wrap (D10, D16)', () => {
    const price = priceLines({ lines, coupon: MAX500, giftWrap: true, cashOnDelivery, now });
    expect(price.discountPaise).toBe(5_743); // 2.5% of ₹2,297, rounded to the paisa
    expect(price.totalPaise).toBe(229_700 - 5_743 + 2_000);
    expect(price.coupon?.code).toBe('MAX500');
  });

  it('caps the discount at ₹500', () => {
    const big = [{ pricePaise: 299_900, quantity: 10 }];
    expect(
      priceLines({ lines: big, coupon: MAX500, giftWrap: false, cashOnDelivery, now })
        .discountPaise,
    ).toBe(50_000);
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
    const price = priceLines({ lines, coupon, giftWrap: false, cashOnDelivery, now });
    expect(price).toMatchObject({
      discountPaise: 0,
      coupon: null,
      couponError: message,
      totalPaise: 229_700,
    });
  });

  it('prices an empty selection at zero', () => {
    expect(
      priceLines({ lines: [], coupon: MAX500, giftWrap: false, cashOnDelivery, now }).totalPaise,
    ).toBe(0);
  });

  describe('cash on delivery (issue 25)', () => {
    const rules = { enabled: true, maxOrderPaise: 229_700, feePaise: 4_900 };

    it('adds the fee to the total when paying in cash, and only then', () => {
      const cash = priceLines({
        lines,
        coupon: null,
        giftWrap: false,
        cashOnDelivery: { rules, chosen: true },
        now,
      });
      expect(cash).toMatchObject({
        codFeePaise: 4_900,
        totalPaise: 229_700 + 4_900,
        cashOnDeliveryFeePaise: 4_900,
      });
      const card = priceLines({
        lines,
        coupon: null,
        giftWrap: false,
        cashOnDelivery: { rules, chosen: false },
        now,
      });
      expect(card).toMatchObject({
        codFeePaise: 0,
        totalPaise: 229_700,
        cashOnDeliveryFeePaise: 4_900,
      });
    });

    it('offers cash up to the limit, on the total before the fee', () => {
      const atLimit = priceLines({
        lines,
        coupon: null,
        giftWrap: false,
        cashOnDelivery: { rules, chosen: true },
        now,
      });
      expect(atLimit).toMatchObject({ cashOnDeliveryError: null, totalPaise: 229_700 + 4_900 });
      const above = priceLines({
        lines,
        coupon: null,
        giftWrap: true,
        cashOnDelivery: { rules, chosen: true },
        now,
      });
      expect(above).toMatchObject({
        cashOnDeliveryError: 'Cash on delivery is available on orders up to ₹2,297',
        codFeePaise: 0,
      });
    });

    it('offers no cash when the owner turned it off', () => {
      const price = priceLines({
        lines,
        coupon: null,
        giftWrap: false,
        cashOnDelivery: { rules: { ...rules, enabled: false }, chosen: true },
        now,
      });
      expect(price.cashOnDeliveryError).toBe('Cash on delivery is not available at the moment');
    });
  });
});
