import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getPaymentSettings,
  type UpdatePaymentSettingsBody,
  updatePaymentSettings,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { paymentSettingsKeys } from './payment-settings-keys.ts';

/** GET /api/v1/admin/settings/payments: cash on delivery's rules and Razorpay's mode (issue 25). */
export const paymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: paymentSettingsKeys.all,
    queryFn: ({ signal }) => apiCall(getPaymentSettings, { signal }),
  });

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}

/** PUT /api/v1/admin/settings/payments; the answer replaces the cached settings. */
export function useUpdatePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePaymentSettingsBody) => apiCall(updatePaymentSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(paymentSettingsQueryOptions().queryKey, saved),
  });
}
