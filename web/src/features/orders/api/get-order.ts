import { getOrder as getOrderEndpoint, type Order } from '#contract';
import { type QueryState, useQuery } from '#web/hooks/use-query.ts';
import { apiCall } from '#web/lib/api-client.ts';

/** GET /api/v1/order/{id}: one of the shopper's orders (404 for anyone else's, D2). */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiCall(getOrderEndpoint, { params: { id }, signal });
}

export function useOrder(id: string): QueryState<Order> {
  return useQuery(`order:${id}`, (signal) => getOrder(id, signal));
}
