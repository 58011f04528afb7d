import { getAdminOrder, getOrder, listAdminOrders, listOrderReturns, listOrders } from '#contract';
import { listKeys } from '#web/lib/query-keys.ts';

// Cache keys of the orders feature, one factory per resource (as
// lib/query-keys.ts): each starts with its contract endpoint's path.

export const orderKeys = {
  /** The signed-in shopper's orders. */
  list: [listOrders.path] as const,
  /** One of the shopper's orders. */
  detail: (id: string) => [getOrder.path, { id }] as const,
  /** One order's returns and exchanges. */
  returns: (id: string) => [listOrderReturns.path, { id }] as const,
};

export const adminOrderKeys = {
  /** The owner's order list: moving an order refreshes every cached page. */
  ...listKeys(listAdminOrders),
  /** One order as the owner sees it. */
  detail: (id: string) => [getAdminOrder.path, { id }] as const,
};
