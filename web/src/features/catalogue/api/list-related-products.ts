import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRelatedProducts as listRelatedProductsEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { CATALOGUE_STALE_TIME_MS } from '#web/lib/query-client.ts';
import { catalogueExtraKeys } from './catalogue-keys.ts';

/** GET /api/v1/product/{id}/related: 'You may also like'. */
export function relatedProductsQueryOptions(id: string) {
  return queryOptions({
    queryKey: catalogueExtraKeys.related(id),
    queryFn: ({ signal }) => apiCall(listRelatedProductsEndpoint, { params: { id }, signal }),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}

export function useRelatedProducts(id: string) {
  return useQuery(relatedProductsQueryOptions(id));
}
