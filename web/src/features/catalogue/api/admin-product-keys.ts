import { getAdminProduct, listAdminProducts } from '#contract';
import { listKeys } from '#web/lib/query-keys.ts';

// The owner's product queries; the shop's own product queries are keyed by
// productKeys (lib/query-keys.ts), which other features refresh too.

export const adminProductKeys = {
  /** The owner's product list: a product change refreshes every cached page. */
  ...listKeys(listAdminProducts),
  /** One product as the owner edits it. */
  detail: (id: string) => [getAdminProduct.path, { id }] as const,
};
