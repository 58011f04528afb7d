import type { Order } from '#contract';

/** SPEC §9: an order is shown by the last 8 characters of its id. */
export function shortOrderId(id: string): string {
  return id.slice(-8);
}

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
