import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPaymentOptions } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/**
 * GET /api/v1/payment/options: Razorpay Checkout (its script and public key
 * id) when the shop has its keys, or null: the test gateway (issue 25). It
 * changes only when the server restarts with other keys.
 */
export const paymentOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [getPaymentOptions.path],
    queryFn: ({ signal }) => apiCall(getPaymentOptions, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePaymentOptions() {
  return useQuery(paymentOptionsQueryOptions());
}
