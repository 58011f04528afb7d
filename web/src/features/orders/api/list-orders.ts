import { queryOptions, useQuery } from '@tanstack/react-query';
import { listOrders as listOrdersEndpoint, type Order } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** GET /api/v1/order/history: the signed-in shopper's orders, newest first. */
export function listOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiCall(listOrdersEndpoint, { signal });
}

export function ordersQueryOptions() {
  return queryOptions({
    queryKey: orderKeys.list,
    queryFn: ({ signal }) => listOrders(signal),
  });
}

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
