/**
 * What a selection of cart lines costs. The cart's quote and checkout both
 * call this, so the price a shopper is shown is the price charged (D4, D10, D16).
 */
import {
  CASH_ON_DELIVERY_OFF_MESSAGE,
  cashOnDeliveryLimitMessage,
  GIFT_WRAP_PRICE,
} from '#contract';
import type { CashOnDeliveryRules } from '#server/features/payments/payment-settings.service.ts';
import { paiseToRupees, rupeesToPaise } from '#server/lib/money.ts';

export interface PricedLine {
  pricePaise: number;
  quantity: number;
}

export interface CouponRule {
  code: string;
  description: string;
  percentOff: number;
  maxDiscountPaise: number | null;
  minOrderPaise: number;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
}

export interface Price {
  subtotalPaise: number;
  discountPaise: number;
  giftWrapPaise: number;
  deliveryPaise: number;
  /** The cash on delivery fee, when paying in cash was asked for and cash is offered; else 0. */
  codFeePaise: number;
  totalPaise: number;
  coupon: CouponRule | null;
  couponError: string | null;
  /** The owner's fee for paying in cash, whether or not it was asked for. */
  cashOnDeliveryFeePaise: number;
  /** Why cash is not offered for this order (turned off, or above the limit), or null. */
  cashOnDeliveryError: string | null;
}

/** Why cash is not offered for an order of `totalPaise` before its fee, or null when it is. */
export function cashOnDeliveryProblem(rules: CashOnDeliveryRules, totalPaise: number) {
  if (!rules.enabled) return CASH_ON_DELIVERY_OFF_MESSAGE;
  if (totalPaise > rules.maxOrderPaise) {
    return cashOnDeliveryLimitMessage(paiseToRupees(rules.maxOrderPaise));
  }
  return null;
}

/** Why a coupon cannot be used at all now (unknown, inactive, out of its dates), or null. */
export function couponUnusable(coupon: CouponRule | undefined, now: Date): string | null {
  if (!coupon?.active) return 'This coupon code is not valid';
  if ((coupon.startsAt && now < coupon.startsAt) || (coupon.endsAt && now >= coupon.endsAt)) {
    return 'This coupon has expired';
  }
  return null;
}

/** Why a coupon cannot apply to this subtotal now, or null when it can. */
export function couponProblem(
  coupon: CouponRule | undefined,
  subtotalPaise: number,
  now: Date,
): string | null {
  const unusable = couponUnusable(coupon, now);
  if (unusable || !coupon) return unusable;
  if (subtotalPaise < coupon.minOrderPaise) {
    return `This coupon needs an order of at least ₹${coupon.minOrderPaise / 100}`;
  }
  return null;
}

export function priceLines(options: {
  lines: PricedLine[];
  /** The coupon the shopper asked for (undefined when it does not exist), or null for none. */
  coupon: CouponRule | undefined | null;
  giftWrap: boolean;
  /** The owner's rules for cash, and whether this price is for paying in cash (issue 25). */
  cashOnDelivery: { rules: CashOnDeliveryRules; chosen: boolean };
  now: Date;
}): Price {
  const subtotalPaise = options.lines.reduce(
    (sum, line) => sum + line.pricePaise * line.quantity,
    0,
  );
  const problem =
    options.coupon === null ? null : couponProblem(options.coupon, subtotalPaise, options.now);
  const coupon = options.coupon && !problem ? options.coupon : null;
  const discountPaise = coupon
    ? Math.min(
        Math.round((subtotalPaise * coupon.percentOff) / 100),
        coupon.maxDiscountPaise ?? Number.POSITIVE_INFINITY,
      )
    : 0;
  const giftWrapPaise = options.giftWrap ? rupeesToPaise(GIFT_WRAP_PRICE) : 0;
  // Delivery is free on every order ('Free Delivery', SPEC §2).
  const deliveryPaise = 0;
  // The owner's limit is on the order before the fee: the fee never pushes an order over it.
  const beforeFeePaise = subtotalPaise - discountPaise + giftWrapPaise + deliveryPaise;
  const { rules, chosen } = options.cashOnDelivery;
  const cashOnDeliveryError = cashOnDeliveryProblem(rules, beforeFeePaise);
  const codFeePaise = chosen && !cashOnDeliveryError ? rules.feePaise : 0;
  return {
    subtotalPaise,
    discountPaise,
    giftWrapPaise,
    deliveryPaise,
    codFeePaise,
    totalPaise: beforeFeePaise + codFeePaise,
    coupon,
    couponError: problem,
    cashOnDeliveryFeePaise: rules.feePaise,
    cashOnDeliveryError,
  };
}
