import {
  getAdminOrder,
  getOrder,
  type ListAdminOrdersQuerySchema,
  listAdminOrders,
  listOrderReturns,
  listOrders,
} from '#contract';
import type { QueryInput } from '#web/lib/api-client.ts';

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
  /** Every cached page of the owner's order list: what moving an order refreshes. */
  lists: [listAdminOrders.path] as const,
  list: (query: QueryInput<typeof ListAdminOrdersQuerySchema>) =>
    [...adminOrderKeys.lists, query] as const,
  /** One order as the owner sees it. */
  detail: (id: string) => [getAdminOrder.path, { id }] as const,
};
