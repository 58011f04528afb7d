import type { OrderStatus } from '#contract';

/** What the orders feature answers when it refuses (D2, D18, D19, D31). */
export const ORDER_NOT_FOUND = 'Order not found';
export const NO_SELECTED_ITEMS = 'Your cart has no selected items';
export const NO_ADDRESS = 'Please select a delivery address';
/** Why the owner cannot move an order where they asked (D19): 409. */
export const cannotMove = (from: OrderStatus, to: OrderStatus) =>
  from === to ? `This order is already ${from}` : `Cannot move an order from ${from} to ${to}`;
export const KEY_REUSED = 'This Idempotency-Key was used for a different request';

export function shortOfStock(line: { title: string; size: string }, left: number): string {
  return left > 0
    ? `Only ${left} left of ${line.title} (size ${line.size})`
    : `${line.title} (size ${line.size}) is out of stock`;
}

export const ONLY_DELIVERED_RETURNS = 'Only a delivered order can be returned or exchanged';
