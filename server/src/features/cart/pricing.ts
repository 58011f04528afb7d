/**
 * What a selection of cart lines costs. The cart's quote and checkout both
 * call this, so the price a shopper is shown is the price charged (D4, D10, D16).
 */
import {
  CASH_ON_DELIVERY_OFF_MESSAGE,
  COUPON_ALREADY_USED_MESSAGE,
  COUPON_EXPIRED_MESSAGE,
  COUPON_FIRST_ORDER_ONLY_MESSAGE,
  COUPON_NOT_STARTED_MESSAGE,
  COUPON_NOT_VALID_MESSAGE,
  COUPON_USED_UP_MESSAGE,
  cashOnDeliveryLimitMessage,
  couponMinimumOrderMessage,
  GIFT_WRAP_PRICE,
} from '#contract';
import type { CouponRow } from '#server/db/schema/cart.ts';
import type { CashOnDeliveryRules } from '#server/features/payments/payment-settings.service.ts';
import { paiseToRupees, rupeesToPaise } from '#server/lib/money.ts';

export interface PricedLine {
  pricePaise: number;
  quantity: number;
}

export type CouponRule = Omit<CouponRow, 'createdAt'>;

/** What a coupon has been used for so far, by everyone and by the shopper (orders not cancelled). */
export interface CouponStanding {
  uses: number;
  usesByShopper: number;
  /** The shopper's orders, whatever their coupon. */
  shopperOrders: number;
}

/** A coupon nobody has used, for a shopper with no order yet. */
export const UNUSED: CouponStanding = { uses: 0, usesByShopper: 0, shopperOrders: 0 };

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

/**
 * Why a coupon cannot be used by this shopper now, whatever the order's size
 * (unknown, inactive, out of its dates, first order only, used up), or null.
 */
export function couponUnusable(
  coupon: CouponRule | undefined,
  now: Date,
  standing: CouponStanding = UNUSED,
): string | null {
  if (!coupon?.active) return COUPON_NOT_VALID_MESSAGE;
  if (coupon.startsAt && now < coupon.startsAt) return COUPON_NOT_STARTED_MESSAGE;
  if (coupon.endsAt && now >= coupon.endsAt) return COUPON_EXPIRED_MESSAGE;
  if (coupon.firstOrderOnly && standing.shopperOrders > 0) return COUPON_FIRST_ORDER_ONLY_MESSAGE;
  if (coupon.perCustomerLimit !== null && standing.usesByShopper >= coupon.perCustomerLimit) {
    return COUPON_ALREADY_USED_MESSAGE;
  }
  if (coupon.usageLimit !== null && standing.uses >= coupon.usageLimit) {
    return COUPON_USED_UP_MESSAGE;
  }
  return null;
}

/** Why a coupon cannot apply to this subtotal for this shopper now, or null when it can. */
export function couponProblem(
  coupon: CouponRule | undefined,
  subtotalPaise: number,
  now: Date,
  standing: CouponStanding = UNUSED,
): string | null {
  const unusable = couponUnusable(coupon, now, standing);
  if (unusable || !coupon) return unusable;
  if (subtotalPaise < coupon.minOrderPaise) {
    return couponMinimumOrderMessage(paiseToRupees(coupon.minOrderPaise));
  }
  return null;
}

/** A coupon's discount on a subtotal: its percentage or its amount, within its cap and the subtotal. */
export function couponDiscount(coupon: CouponRule, subtotalPaise: number): number {
  const off =
    coupon.kind === 'flat'
      ? (coupon.amountOffPaise ?? 0)
      : Math.round((subtotalPaise * (coupon.percentOff ?? 0)) / 100);
  return Math.min(off, coupon.maxDiscountPaise ?? Number.POSITIVE_INFINITY, subtotalPaise);
}

export function priceLines(options: {
  lines: PricedLine[];
  /** The coupon the shopper asked for (undefined when it does not exist), or null for none. */
  coupon: CouponRule | undefined | null;
  /** Its uses so far, when it has limits (issue 27); none when left out. */
  couponStanding?: CouponStanding;
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
    options.coupon === null
      ? null
      : couponProblem(options.coupon, subtotalPaise, options.now, options.couponStanding);
  const coupon = options.coupon && !problem ? options.coupon : null;
  const discountPaise = coupon ? couponDiscount(coupon, subtotalPaise) : 0;
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
