import {
  type ListProductsQuerySchema,
  listProducts as listProductsEndpoint,
  type ProductPage,
} from '#contract';
import { type QueryState, useQuery } from '#web/hooks/use-query.ts';
import { apiCall, type QueryInput } from '#web/lib/api-client.ts';

export type ListProductsInput = QueryInput<typeof ListProductsQuerySchema>;

/** GET /api/v1/product: one page of the catalogue. */
export function listProducts(query: ListProductsInput = {}, signal?: AbortSignal) {
  return apiCall(listProductsEndpoint, { query, signal });
}

export type ProductsState = QueryState<ProductPage>;

/**
 * The catalogue page for `query`, refetched when the query changes; a newer
 * query aborts the call in flight, and earlier data stays while the next loads.
 */
export function useProducts(query: ListProductsInput = {}): ProductsState {
  // The key, not the object, decides when to refetch: callers may pass a fresh literal each render.
  const key = JSON.stringify(query);
  return useQuery(key, (signal) => listProducts(JSON.parse(key) as ListProductsInput, signal));
}
