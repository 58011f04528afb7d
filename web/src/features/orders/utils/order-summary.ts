import { formatRupees, type Order, type Refund } from '#contract';
import { formatDate } from '#web/utils/format-date.ts';

/** Pieces in the order (a line of 2 tees counts 2). */
export function orderItemCount(order: Pick<Order, 'items'>): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

export function itemCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** 'Cash On Delivery' (D6) or the card's brand and last 4 digits (D12). */
export function paymentMethodLabel(order: Pick<Order, 'paymentMethod' | 'card'>): string {
  if (order.paymentMethod === 'cash') return 'Cash On Delivery';
  return order.card ? `${order.card.brand} ending in ${order.card.last4}` : 'Debit/Card';
}

/** Where a refund goes: back to the card it was paid with, or by hand for cash. */
const refundDestination = (refund: Refund) =>
  refund.card ? `to ${refund.card.brand} •••• ${refund.card.last4}` : 'by hand';

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
  return refund.status === 'refunded' && refund.refundedAt
    ? `Refunded ${amount} ${refundDestination(refund)} on ${formatDate(refund.refundedAt)}`
    : `Refund of ${amount} ${refundDestination(refund)} is on its way`;
}

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
