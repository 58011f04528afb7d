import { getProductFilters as getProductFiltersEndpoint, type ProductFilters } from '#contract';
import { type QueryState, useQuery } from '#web/hooks/use-query.ts';
import { apiCall } from '#web/lib/api-client.ts';

/** GET /api/v1/product/filters: the genders, categories, sizes and price range on sale. */
export function getProductFilters(signal?: AbortSignal) {
  return apiCall(getProductFiltersEndpoint, { signal });
}

/** The filter options, loaded once per mount. */
export function useProductFilters(): QueryState<ProductFilters> {
  return useQuery('product-filters', getProductFilters);
}
