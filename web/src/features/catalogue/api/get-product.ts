import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProduct as getProductEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { CATALOGUE_STALE_TIME_MS } from '#web/lib/query-client.ts';

/** GET /api/v1/product/{id}: one product; an unknown or malformed id is a 404 (D2). */
export function getProduct(id: string, signal?: AbortSignal) {
  return apiCall(getProductEndpoint, { params: { id }, signal });
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: [getProductEndpoint.path, { id }],
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}

/** The product with this id. */
export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
