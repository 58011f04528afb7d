import { useEffect } from 'react';
import type { Product } from '#contract';
import { useAuthToken } from '#web/lib/auth-token.ts';
import { useGuestWishlistProducts, useWishlist } from '../api/wishlist-api.ts';
import { useGuestWishlistStore } from '../stores/guest-wishlist-store.ts';
import { useWishlistIds } from './use-wishlist-ids.ts';

/**
 * The saved products as they are now, newest first: the account's from the
 * server, a visitor's read one by one from the catalogue (D33).
 */
export function useWishlistProducts(): {
  products: Product[];
  isLoading: boolean;
  error: Error | null;
  remove: (productId: string) => void;
} {
  const token = useAuthToken();
  const account = useWishlist(token);
  const guestIds = useGuestWishlistStore((state) => state.productIds);
  const guest = useGuestWishlistProducts(token ? [] : [...guestIds].reverse());
  const { toggle } = useWishlistIds();

  // A product no longer on sale leaves a visitor's list (the server drops it from an account's).
  const goneKey = guest.gone.join(',');
  useEffect(() => {
    for (const id of goneKey.split(',').filter(Boolean))
      useGuestWishlistStore.getState().remove(id);
  }, [goneKey]);

  if (token) {
    return {
      products: (account.data ?? []).map((item) => item.product),
      isLoading: account.isLoading,
      error: account.error,
      remove: (productId) => void toggle(productId),
    };
  }
  return {
    products: guest.products,
    isLoading: guest.isLoading,
    error: null,
    remove: (productId) => useGuestWishlistStore.getState().remove(productId),
  };
}
