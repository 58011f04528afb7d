import { useCallback, useMemo } from 'react';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { useAuthToken } from '#web/lib/auth-token.ts';
import { toast } from '#web/lib/toast.ts';
import { useToggleWishlistItem, useWishlist } from '../api/wishlist-api.ts';
import { useGuestWishlistStore } from '../stores/guest-wishlist-store.ts';

/**
 * Which products are saved, and a toggle: the account's list with a token,
 * the browser's without (D33).
 */
export function useWishlistIds(): {
  saved: ReadonlySet<string>;
  toggle: (productId: string) => Promise<void>;
} {
  const token = useAuthToken();
  const wishlist = useWishlist(token);
  const guestIds = useGuestWishlistStore((state) => state.productIds);
  const { mutateAsync } = useToggleWishlistItem(token);

  const saved = useMemo(
    () => new Set(token ? (wishlist.data ?? []).map((item) => item.product._id) : guestIds),
    [token, wishlist.data, guestIds],
  );

  const toggle = useCallback(
    async (productId: string) => {
      if (!token) {
        useGuestWishlistStore.getState().toggle(productId);
        return;
      }
      try {
        await mutateAsync({ productId, saved: saved.has(productId) });
      } catch (error) {
        toast.error(getErrorMessage(error));
      }
    },
    [token, mutateAsync, saved],
  );

  return { saved, toggle };
}
