import {
  formatRupees,
  type MemberRefund,
  type Order,
  onlinePaymentLabel,
  type Refund,
} from '#contract';
import { formatDate } from '#web/utils/format-date.ts';

/** Pieces in the order (a line of 2 tees counts 2). */
export function orderItemCount(order: Pick<Order, 'items'>): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

export function itemCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/**
 * 'Cash On Delivery' (D6), the card's brand and last 4 digits (D12), or how
 * an online order was paid through Razorpay ('Paid online by UPI', issue 25).
 */
export function paymentMethodLabel(
  order: Pick<Order, 'paymentMethod' | 'card' | 'payment'>,
): string {
  if (order.paymentMethod === 'cash') return 'Cash On Delivery';
  if (order.paymentMethod === 'online') return onlinePaymentLabel(order.payment?.method ?? null);
  return order.card ? `${order.card.brand} ending in ${order.card.last4}` : 'Debit/Card';
}

/** Where a refund goes: back to the card or the online payment it was paid with, or by hand for cash. */
const refundDestination = (refund: Refund) => {
  if (refund.card) return `to ${refund.card.brand} •••• ${refund.card.last4}`;
  return refund.method === 'online' ? 'to the way you paid online' : 'by hand';
};

/** Razorpay's id of an online refund (rfnd_…), for the shopper and the owner to look it up. */
const refundReference = (refund: Refund) =>
  refund.method === 'online' && refund.reference ? ` (Razorpay refund ${refund.reference})` : '';

/**
 * 'Refunded ₹998.00 to Visa •••• 4242 on 24 Nov 2026' (D11), or that it is on
 * its way; a cash order's refund is paid by hand into the account the shopper
 * gives (issue 25).
 */
export function refundLabel(refund: Refund): string {
  const amount = formatRupees(refund.amount);
  if (refund.method === 'cash' && refund.status !== 'refunded') {
    return `Refund of ${amount} to pay: the shop pays it by hand into the UPI ID or bank account you give`;
  }
  const reference = refundReference(refund);
  if (refund.status === 'failed') {
    return `Refund of ${amount} ${refundDestination(refund)} failed${reference}: the shop will settle it with you`;
  }
  return refund.status === 'refunded' && refund.refundedAt
    ? `Refunded ${amount} ${refundDestination(refund)} on ${formatDate(refund.refundedAt)}${reference}`
    : `Refund of ${amount} ${refundDestination(refund)} is on its way${reference}`;
}

/** Each pays (decision 073): a member's refund as the owner reads it, with whom and why. */
export const memberRefundLabel = (refund: MemberRefund): string =>
  `${refund.memberName}: ${refundLabel(refund)} (${refund.reason})`;

/**
 * What the order's page says about money given back: each refund, or for a
 * cancelled order paid on delivery, that nothing was ever taken (issue 13).
 */
export function refundLines(order: Pick<Order, 'status' | 'paymentMethod' | 'refunds'>): string[] {
  if (order.refunds.length > 0) return order.refunds.map(refundLabel);
  if (order.status === 'cancelled' && order.paymentMethod === 'cash') {
    return ['Nothing was charged: this order was to be paid on delivery'];
  }
  return [];
}
