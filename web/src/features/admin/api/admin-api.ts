import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAdminDashboard } from '#contract';
import { adminDashboardKeys } from '#web/lib/admin-dashboard-keys.ts';
import { apiCall } from '#web/lib/api-client.ts';

// The back office's own call (D25, decision 036): the dashboard. Each
// feature's admin calls live in that feature's api folder.

export function adminDashboardQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardKeys.detail,
    queryFn: ({ signal }) => apiCall(getAdminDashboard, { signal }),
  });
}

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
