import { queryOptions } from '@tanstack/react-query';
import { getProduct as getProductEndpoint } from '#contract';
import { apiCall } from './api-client.ts';
import { CATALOGUE_STALE_TIME_MS } from './query-client.ts';
import { productKeys } from './query-keys.ts';

/** GET /api/v1/product/{id}: one product; an unknown or malformed id is a 404 (D2). */
export function getProduct(id: string, signal?: AbortSignal) {
  return apiCall(getProductEndpoint, { params: { id }, signal });
}

/** One product, cached once for every page that shows it (catalogue, wishlist). */
export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}
