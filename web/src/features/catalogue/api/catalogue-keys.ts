import { getProductFacets, getProductFilters, listRelatedProducts } from '#contract';
import { listKeys } from '#web/lib/query-keys.ts';

/**
 * What the catalogue's pages show beside the products; the pages themselves
 * are keyed by catalogueKeys (lib/query-keys.ts), which other features refresh.
 */
export const catalogueExtraKeys = {
  /** 'You may also like' for one product. */
  related: (id: string) => [listRelatedProducts.path, { id }] as const,
  /** The genders, categories, sizes and price range on sale. */
  filters: [getProductFilters.path] as const,
  /** How many products each filter option would show for this query. */
  facets: listKeys(getProductFacets).list,
};
