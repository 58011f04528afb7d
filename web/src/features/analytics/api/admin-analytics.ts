import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AnalyticsQuery, getAdminAnalytics } from '#contract';
import { adminDashboardKeys } from '#web/lib/admin-dashboard-keys.ts';
import { apiCall } from '#web/lib/api-client.ts';

/**
 * Sales over time (issue 27). Keyed under the dashboard's figures, so that
 * what refreshes them (an order moved, stock changed) refreshes these too.
 */
export function useAdminAnalytics(query: AnalyticsQuery) {
  return useQuery({
    queryKey: [...adminDashboardKeys.detail, getAdminAnalytics.path, query],
    queryFn: ({ signal }) => apiCall(getAdminAnalytics, { query, signal }),
    // The chart keeps the last range while the next one loads, instead of a spinner.
    placeholderData: keepPreviousData,
  });
}
