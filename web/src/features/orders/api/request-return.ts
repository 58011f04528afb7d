import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type RequestReturnBody,
  type ReturnRequest,
  requestReturn as requestReturnEndpoint,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** POST /api/v1/order/{id}/returns: returns or exchanges items of a delivered order (D31). */
export function requestReturn(id: string, body: RequestReturnBody): Promise<ReturnRequest> {
  return apiCall(requestReturnEndpoint, { params: { id }, body });
}

/** Asks for a return; the order (its timeline) and its returns are fetched again, whatever the answer. */
export function useRequestReturn(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestReturnBody) => requestReturn(orderId, body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
        client.invalidateQueries({ queryKey: orderKeys.returns(orderId) }),
      ]),
  });
}
