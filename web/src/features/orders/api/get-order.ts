import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOrder as getOrderEndpoint, type Order } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** GET /api/v1/order/{id}: one of the shopper's orders (404 for anyone else's, D2). */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiCall(getOrderEndpoint, { params: { id }, signal });
}

export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });
}

/**
 * How often an order awaiting its online payment is read again while shown:
 * the payment may arrive by webhook (the browser that paid died), or the
 * sweep may cancel it after the payment window (issue 25).
 */
export const AWAITING_PAYMENT_REFRESH_MS = 5_000;

export function useOrder(id: string) {
  return useQuery({
    ...orderQueryOptions(id),
    refetchInterval: (query) =>
      query.state.data?.status === 'awaiting-payment' ? AWAITING_PAYMENT_REFRESH_MS : false,
  });
}
