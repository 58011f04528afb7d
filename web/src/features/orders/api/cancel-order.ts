import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelOrder as cancelOrderEndpoint, type Order } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { orderQueryOptions } from './get-order.ts';
import { orderKeys } from './order-keys.ts';

/** POST /api/v1/order/{id}/cancel: cancels a pending order; its stock comes back (D19). */
export function cancelOrder(id: string): Promise<Order> {
  return apiCall(cancelOrderEndpoint, { params: { id } });
}

/**
 * Cancels an order: the answer replaces the cached order, and the list is
 * fetched again. A 404 or 409 means the order changed meanwhile (shipped,
 * say), so it is fetched again too.
 */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (cancelled) => {
      client.setQueryData(orderQueryOptions(cancelled._id).queryKey, cancelled);
    },
    onError: (error, id) => {
      if (error.status === 404 || error.status === 409) {
        return client.invalidateQueries({ queryKey: orderKeys.detail(id) });
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.list }),
  });
}
