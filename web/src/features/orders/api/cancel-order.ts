import { cancelOrder as cancelOrderEndpoint, type Order } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** POST /api/v1/order/{id}/cancel: cancels a pending order; its stock comes back (D19). */
export function cancelOrder(id: string): Promise<Order> {
  return apiCall(cancelOrderEndpoint, { params: { id } });
}
