import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import {
  type ListProductsQuerySchema,
  listProducts as listProductsEndpoint,
  type ProductPage,
} from '#contract';
import { apiCall, type QueryInput } from '#web/lib/api-client.ts';
import { CATALOGUE_STALE_TIME_MS } from '#web/lib/query-client.ts';
import { catalogueKeys } from '#web/lib/query-keys.ts';

export type ListProductsInput = QueryInput<typeof ListProductsQuerySchema>;

/** GET /api/v1/product: one page of the catalogue. */
export function listProducts(query: ListProductsInput = {}, signal?: AbortSignal) {
  return apiCall(listProductsEndpoint, { query, signal });
}

/** Keyed by the query itself: the cache compares its fields, so a fresh literal each render is fine. */
export function productsQueryOptions(query: ListProductsInput = {}) {
  return queryOptions({
    queryKey: catalogueKeys.list(query),
    queryFn: ({ signal }) => listProducts(query, signal),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}

export type ProductsState = UseQueryResult<ProductPage>;

/** The catalogue page for `query`; a page seen in the last minute shows at once. */
export function useProducts(query: ListProductsInput = {}): ProductsState {
  return useQuery(productsQueryOptions(query));
}
