import { getProduct, getWishlist } from '#contract';

/**
 * Cache keys of the resources several features read or refresh, one factory
 * per resource, so a refresh in one feature reaches every other's copy.
 * Keys start with the contract endpoint's path, as every other query's do.
 */
export const productKeys = {
  /** One product: the product page, recently viewed, a visitor's wishlist. */
  detail: (id: string) => [getProduct.path, { id }] as const,
  /** The sizes an exchange may ask for; under the product, so refreshing it refreshes them. */
  exchangeSizes: (id: string) => [...productKeys.detail(id), 'exchange-sizes'] as const,
};

export const wishlistKeys = {
  /** Every signed-in shopper's cached wishlist, whoever's token read it: what a merge refreshes. */
  all: [getWishlist.path] as const,
  /** The wishlist one token reads. */
  list: (token: string | null) => [...wishlistKeys.all, token] as const,
};
