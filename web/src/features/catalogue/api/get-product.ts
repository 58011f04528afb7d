import { getProduct as getProductEndpoint, type Product } from '#contract';
import { type QueryState, useQuery } from '#web/hooks/use-query.ts';
import { apiCall } from '#web/lib/api-client.ts';

/** GET /api/v1/product/{id}: one product; an unknown or malformed id is a 404 (D2). */
export function getProduct(id: string, signal?: AbortSignal) {
  return apiCall(getProductEndpoint, { params: { id }, signal });
}

/** The product with this id, loaded again when the id changes. */
export function useProduct(id: string): QueryState<Product> {
  return useQuery(`product:${id}`, (signal) => getProduct(id, signal));
}
