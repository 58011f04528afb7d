import type { z } from 'zod';
import { type Endpoint, getProduct, getProfile, getWishlist, listProducts } from '#contract';
import type { QueryInput } from './api-client.ts';

/**
 * Cache keys of the resources several features read or refresh, one factory
 * per resource, so a refresh in one feature reaches every other's copy.
 * Keys start with the contract endpoint's path, as every other query's do.
 * A resource only its own feature reads keeps its factory in that feature's
 * `api/<resource>-keys.ts`.
 */

type ListQuery<E extends Endpoint> = QueryInput<Extract<E['query'], z.ZodType>>;

/**
 * The keys of a list read with a query (a page, a filter): `lists`, every
 * cached one (what a change refreshes), and `list(query)`, one of them. The
 * cache compares the query's fields, so a fresh literal each render is fine.
 */
export function listKeys<E extends Endpoint>(endpoint: E) {
  return {
    lists: [endpoint.path] as const,
    list: (query: ListQuery<E>) => [endpoint.path, query] as const,
  };
}

export const productKeys = {
  /** One product: the product page, recently viewed, a visitor's wishlist. */
  detail: (id: string) => [getProduct.path, { id }] as const,
  /** The sizes an exchange may ask for; under the product, so refreshing it refreshes them. */
  exchangeSizes: (id: string) => [...productKeys.detail(id), 'exchange-sizes'] as const,
};

/** The catalogue's pages: what a product or review change refreshes. */
export const catalogueKeys = listKeys(listProducts);

export const wishlistKeys = {
  /** Every signed-in shopper's cached wishlist, whoever's token read it: what a merge refreshes. */
  all: [getWishlist.path] as const,
  /** The wishlist one token reads. */
  list: (token: string | null) => [...wishlistKeys.all, token] as const,
};

export const profileKeys = {
  /** The signed-in user's profile; under it sits every token's role, so refreshing it refreshes them. */
  detail: [getProfile.path] as const,
  /** The role of the user one token belongs to (the user menu, the /admin guard). */
  role: (token: string) => [...profileKeys.detail, { token }] as const,
};
