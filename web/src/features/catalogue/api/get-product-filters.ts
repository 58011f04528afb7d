import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProductFilters as getProductFiltersEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { CATALOGUE_STALE_TIME_MS } from '#web/lib/query-client.ts';
import { catalogueExtraKeys } from './catalogue-keys.ts';

/** GET /api/v1/product/filters: the genders, categories, sizes and price range on sale. */
export function getProductFilters(signal?: AbortSignal) {
  return apiCall(getProductFiltersEndpoint, { signal });
}

export function productFiltersQueryOptions() {
  return queryOptions({
    queryKey: catalogueExtraKeys.filters,
    queryFn: ({ signal }) => getProductFilters(signal),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}

/** The filter options, shared by every page that shows them. */
export function useProductFilters() {
  return useQuery(productFiltersQueryOptions());
}
