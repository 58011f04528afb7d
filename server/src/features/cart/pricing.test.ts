import { describe, expect, it } from 'vitest';
import {
  COUPON_ALREADY_USED_MESSAGE,
  COUPON_EXPIRED_MESSAGE,
  COUPON_FIRST_ORDER_ONLY_MESSAGE,
  COUPON_NOT_STARTED_MESSAGE,
  COUPON_NOT_VALID_MESSAGE,
  COUPON_USED_UP_MESSAGE,
} from '#contract';
import { type CouponRule, priceLines } from './pricing.ts';

const MAX500: CouponRule = {
  code: 'MAX500',
  description: '2.5% off, up to ₹500',
  kind: 'percent',
  percentOff: 2.5,
  amountOffPaise: null,
  maxDiscountPaise: 50_000,
  minOrderPaise: 0,
  active: true,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  firstOrderOnly: false,
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

  it('takes a flat amount off, never more than the subtotal (issue 27)', () => {
    const flat: CouponRule = { ...MAX500, kind: 'flat', percentOff: null, amountOffPaise: 30_000 };
    const price = priceLines({ lines, coupon: flat, giftWrap: false, cashOnDelivery, now });
    expect(price.discountPaise).toBe(30_000);
    expect(price.totalPaise).toBe(229_700 - 30_000);
    const small = [{ pricePaise: 20_000, quantity: 1 }];
    expect(
      priceLines({ lines: small, coupon: flat, giftWrap: false, cashOnDelivery, now }).totalPaise,
    ).toBe(0);
  });

  const used = { uses: 5, usesByShopper: 1, shopperOrders: 2 };
  it.each([
    ['unknown', undefined, undefined, COUPON_NOT_VALID_MESSAGE],
    ['inactive', { ...MAX500, active: false }, undefined, COUPON_NOT_VALID_MESSAGE],
    [
      'expired',
      { ...MAX500, endsAt: new Date('2026-11-01T00:00:00Z') },
      undefined,
      COUPON_EXPIRED_MESSAGE,
    ],
    [
      'not yet started',
      { ...MAX500, startsAt: new Date('2026-12-01T00:00:00Z') },
      undefined,
      COUPON_NOT_STARTED_MESSAGE,
    ],
    [
      'below its minimum',
      { ...MAX500, minOrderPaise: 500_000 },
      undefined,
      'This coupon needs an order of at least ₹5000',
    ],
    ['used up', { ...MAX500, usageLimit: 5 }, used, COUPON_USED_UP_MESSAGE],
    [
      'already used by the shopper',
      { ...MAX500, perCustomerLimit: 1 },
      used,
      COUPON_ALREADY_USED_MESSAGE,
    ],
    [
      'for a first order only',
      { ...MAX500, firstOrderOnly: true },
      used,
      COUPON_FIRST_ORDER_ONLY_MESSAGE,
    ],
  ])('applies no discount for a coupon that is %s, and says why', (_, coupon, couponStanding, message) => {
    const price = priceLines({
      lines,
      coupon,
      ...(couponStanding && { couponStanding }),
      giftWrap: false,
      cashOnDelivery,
      now,
    });
    expect(price).toMatchObject({
      discountPaise: 0,
      coupon: null,
      couponError: message,
      totalPaise: 229_700,
    });
  });

  it('applies a limited coupon while its limits are not reached', () => {
    const limited = { ...MAX500, usageLimit: 5, perCustomerLimit: 2, firstOrderOnly: true };
    const couponStanding = { uses: 4, usesByShopper: 0, shopperOrders: 0 };
    const price = priceLines({
      lines,
      coupon: limited,
      couponStanding,
      giftWrap: false,
      cashOnDelivery,
      now,
    });
    expect(price).toMatchObject({ discountPaise: 5_743, couponError: null });
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
