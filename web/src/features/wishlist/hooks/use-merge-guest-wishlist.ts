import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { wishlistKeys } from '#web/lib/query-keys.ts';
import { toast } from '#web/lib/toast.ts';
import { mergeWishlist } from '../api/wishlist-api.ts';
import { useGuestWishlistStore } from '../stores/guest-wishlist-store.ts';

/**
 * After sign-in: the visitor's saved products join the account's (D33, like
 * the cart's D17) and leave the browser; if the merge fails they stay.
 */
export function useMergeGuestWishlist(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const { productIds, clear } = useGuestWishlistStore.getState();
    if (productIds.length === 0) return;
    try {
      await mergeWishlist({ productIds });
      clear();
      await queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  }, [queryClient]);
}
