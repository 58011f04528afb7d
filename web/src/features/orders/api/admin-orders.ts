import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminOrder,
  getAdminOrder,
  type ListAdminOrdersQuery,
  type ListAdminOrdersQuerySchema,
  listAdminOrders,
  type OrderStatus,
  setAdminOrderStatus,
} from '#contract';
import { adminDashboardKeys } from '#web/lib/admin-dashboard-keys.ts';
import { apiCall, type QueryInput } from '#web/lib/api-client.ts';
import { adminOrderKeys, orderKeys } from './order-keys.ts';

// The shop owner's calls on orders (D25): /api/v1/admin/..., refused to
// shoppers by the server. Keyed by the contract path and input, so moving an
// order also marks the dashboard and the shopper's views of it stale.

export type AdminOrdersInput = QueryInput<typeof ListAdminOrdersQuerySchema>;

export function adminOrdersQueryOptions(query: AdminOrdersInput) {
  return queryOptions({
    queryKey: adminOrderKeys.list(query),
    queryFn: ({ signal }) =>
      apiCall(listAdminOrders, { query: query as ListAdminOrdersQuery, signal }),
  });
}

export function useAdminOrders(query: AdminOrdersInput) {
  return useQuery(adminOrdersQueryOptions(query));
}

export function adminOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminOrderKeys.detail(id),
    queryFn: ({ signal }) => apiCall(getAdminOrder, { params: { id }, signal }),
  });
}

/** How often an order whose print files are being made is asked again (decision 059). */
export const PRINT_STATUS_POLL_MS = 5_000;

/** One order; asked again every few seconds while the print queue still makes its files. */
export function useAdminOrder(id: string) {
  return useQuery({
    ...adminOrderQueryOptions(id),
    refetchInterval: (query) =>
      query.state.data?.prints.some(
        (print) => print.status === 'queued' || print.status === 'working',
      )
        ? PRINT_STATUS_POLL_MS
        : false,
  });
}

/**
 * Moves an order on (D19). The answer replaces the cached order; the lists,
 * the dashboard and the shopper's views of it are fetched again. A 409 means
 * it moved meanwhile, so it is fetched again too.
 */
export function useSetOrderStatus(id: string) {
  const client = useQueryClient();
  const orderKey = adminOrderQueryOptions(id).queryKey;
  return useMutation({
    mutationFn: (status: OrderStatus): Promise<AdminOrder> =>
      apiCall(setAdminOrderStatus, { params: { id }, body: { status } }),
    onSuccess: (order) => client.setQueryData(orderKey, order),
    onError: (error) => {
      if (error.status === 409) return client.invalidateQueries({ queryKey: orderKey });
    },
    onSettled: () =>
      Promise.all(
        [adminOrderKeys.lists, adminDashboardKeys.detail, orderKeys.list, orderKeys.detail(id)].map(
          (queryKey) => client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
