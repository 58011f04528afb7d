import { queryOptions, useQuery } from '@tanstack/react-query';
import { listOrderReturns, type ReturnRequest } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** GET /api/v1/order/{id}/returns: the order's returns and exchanges, oldest first (D31). */
export function getOrderReturns(id: string, signal?: AbortSignal): Promise<ReturnRequest[]> {
  return apiCall(listOrderReturns, { params: { id }, signal });
}

export function orderReturnsQueryOptions(id: string) {
  return queryOptions({
    queryKey: orderKeys.returns(id),
    queryFn: ({ signal }) => getOrderReturns(id, signal),
  });
}

export function useOrderReturns(id: string, enabled: boolean) {
  return useQuery({ ...orderReturnsQueryOptions(id), enabled });
}
