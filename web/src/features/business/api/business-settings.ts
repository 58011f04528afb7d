import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getBusinessSettings,
  getTaxSettings,
  type UpdateBusinessSettingsBody,
  type UpdateTaxSettingsBody,
  updateBusinessSettings,
  updateTaxSettings,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { businessSettingsKeys } from './business-settings-keys.ts';

/** GET /api/v1/admin/settings/business: the supplier on tax invoices, and their prefix (issue 26). */
export const businessSettingsQueryOptions = () =>
  queryOptions({
    queryKey: businessSettingsKeys.business,
    queryFn: ({ signal }) => apiCall(getBusinessSettings, { signal }),
  });

export function useBusinessSettings() {
  return useQuery(businessSettingsQueryOptions());
}

/** PUT /api/v1/admin/settings/business; the answer replaces the cached details. */
export function useUpdateBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBusinessSettingsBody) => apiCall(updateBusinessSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(businessSettingsKeys.business, saved),
  });
}

/** GET /api/v1/admin/settings/tax: the apparel threshold and rates, gift wrap's and the fee's codes. */
export const taxSettingsQueryOptions = () =>
  queryOptions({
    queryKey: businessSettingsKeys.tax,
    queryFn: ({ signal }) => apiCall(getTaxSettings, { signal }),
  });

export function useTaxSettings() {
  return useQuery(taxSettingsQueryOptions());
}

/** PUT /api/v1/admin/settings/tax; the answer replaces the cached settings. */
export function useUpdateTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTaxSettingsBody) => apiCall(updateTaxSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(businessSettingsKeys.tax, saved),
  });
}
