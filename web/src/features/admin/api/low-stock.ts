import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getLowStockSettings, type LowStockSettings, updateLowStockSettings } from '#contract';
import { adminDashboardKeys } from '#web/lib/admin-dashboard-keys.ts';
import { apiCall } from '#web/lib/api-client.ts';

// The owner's low-stock threshold (issue 27): the daily email's and the dashboard's.

const lowStockKeys = { settings: [getLowStockSettings.path] as const };

export function useLowStockSettings() {
  return useQuery(
    queryOptions({
      queryKey: lowStockKeys.settings,
      queryFn: ({ signal }) => apiCall(getLowStockSettings, { signal }),
    }),
  );
}

/** PUT /api/v1/admin/low-stock-settings; the dashboard's low sizes are fetched again. */
export function useUpdateLowStockSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LowStockSettings) => apiCall(updateLowStockSettings, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(lowStockKeys.settings, saved);
      return queryClient.invalidateQueries({ queryKey: adminDashboardKeys.detail });
    },
  });
}
