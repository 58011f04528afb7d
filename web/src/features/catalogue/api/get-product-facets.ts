import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  getProductFacets as getProductFacetsEndpoint,
  type ProductFacetsQuerySchema,
} from '#contract';
import { apiCall, type QueryInput } from '#web/lib/api-client.ts';
import { CATALOGUE_STALE_TIME_MS } from '#web/lib/query-client.ts';
import { catalogueExtraKeys } from './catalogue-keys.ts';

export type ProductFacetsInput = QueryInput<typeof ProductFacetsQuerySchema>;

/** GET /api/v1/product/facets: how many products each filter option would show. */
export function productFacetsQueryOptions(query: ProductFacetsInput) {
  return queryOptions({
    queryKey: catalogueExtraKeys.facets(query),
    queryFn: ({ signal }) => apiCall(getProductFacetsEndpoint, { query, signal }),
    staleTime: CATALOGUE_STALE_TIME_MS,
    // The last counts stay on screen while the next ones load: no flicker on every click.
    placeholderData: keepPreviousData,
  });
}

export function useProductFacets(query: ProductFacetsInput) {
  return useQuery(productFacetsQueryOptions(query));
}
