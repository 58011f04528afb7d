import { type Order, type PayOrderBody, payOrder as payOrderEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/**
 * POST /api/v1/order/{id}/payment: Razorpay Checkout's answer, its three
 * fields as Checkout gave them; the server checks the signature, captures
 * and answers the order, paid (issue 25).
 */
export function payOrder(id: string, answer: PayOrderBody): Promise<Order> {
  const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = answer;
  return apiCall(payOrderEndpoint, {
    params: { id },
    body: { razorpay_order_id, razorpay_payment_id, razorpay_signature },
  });
}
