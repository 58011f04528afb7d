import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  getAdminCustomer,
  type ListAdminCustomersQuery,
  type ListAdminCustomersQuerySchema,
  listAdminCustomers,
} from '#contract';
import { apiCall, type QueryInput } from '#web/lib/api-client.ts';
import { listKeys } from '#web/lib/query-keys.ts';

// The owner's customers (issue 27): /api/v1/admin/customers, refused to shoppers by the server.

export const adminCustomerKeys = {
  ...listKeys(listAdminCustomers),
  detail: (id: string) => [getAdminCustomer.path, { id }] as const,
};

export type AdminCustomersInput = QueryInput<typeof ListAdminCustomersQuerySchema>;

export function useAdminCustomers(query: AdminCustomersInput) {
  return useQuery(
    queryOptions({
      queryKey: adminCustomerKeys.list(query),
      queryFn: ({ signal }) =>
        apiCall(listAdminCustomers, { query: query as ListAdminCustomersQuery, signal }),
    }),
  );
}

export function useAdminCustomer(id: string) {
  return useQuery(
    queryOptions({
      queryKey: adminCustomerKeys.detail(id),
      queryFn: ({ signal }) => apiCall(getAdminCustomer, { params: { id }, signal }),
    }),
  );
}
