import { listOrders as listOrdersEndpoint, type Order } from '#contract';
import { type QueryState, useQuery } from '#web/hooks/use-query.ts';
import { apiCall } from '#web/lib/api-client.ts';

/** GET /api/v1/order/history: the signed-in shopper's orders, newest first. */
export function listOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiCall(listOrdersEndpoint, { signal });
}

export function useOrders(): QueryState<Order[]> {
  return useQuery('orders', listOrders);
}
