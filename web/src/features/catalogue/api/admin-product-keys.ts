import { getAdminProduct, type ListAdminProductsQuerySchema, listAdminProducts } from '#contract';
import type { QueryInput } from '#web/lib/api-client.ts';

// The owner's product queries; the shop's own product queries are keyed by
// productKeys (lib/query-keys.ts), which other features refresh too.

export const adminProductKeys = {
  /** Every cached page of the owner's product list: what a product change refreshes. */
  lists: [listAdminProducts.path] as const,
  list: (query: QueryInput<typeof ListAdminProductsQuerySchema>) =>
    [...adminProductKeys.lists, query] as const,
  /** One product as the owner edits it. */
  detail: (id: string) => [getAdminProduct.path, { id }] as const,
};
