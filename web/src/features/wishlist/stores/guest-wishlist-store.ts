import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { WISHLIST_MAX_ITEMS } from '#contract';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';

interface GuestWishlistState {
  /** Saved product ids, oldest first (the order a merge keeps). */
  productIds: string[];
}

interface GuestWishlistActions {
  toggle: (productId: string) => void;
  remove: (productId: string) => void;
  /** Merged into the account at sign-in, or forgotten at logout. */
  clear: () => void;
}

/**
 * A visitor's wishlist (D33), kept in the browser like the guest cart (D17)
 * until sign-in merges it into the account's.
 */
export const useGuestWishlistStore = create<GuestWishlistState & GuestWishlistActions>()(
  persist(
    (set, get) => ({
      productIds: [],
      toggle: (productId) => {
        const ids = get().productIds;
        set({
          productIds: ids.includes(productId)
            ? ids.filter((id) => id !== productId)
            : [...ids, productId].slice(-WISHLIST_MAX_ITEMS),
        });
      },
      remove: (productId) => set({ productIds: get().productIds.filter((id) => id !== productId) }),
      clear: () => set({ productIds: [] }),
    }),
    {
      name: STORAGE_KEYS.wishlist,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ productIds }): GuestWishlistState => ({ productIds }),
      merge: (persisted, current) => {
        const saved = persisted as Partial<GuestWishlistState> | undefined;
        // Anything unreadable in storage is ignored rather than crashing the app.
        if (!saved || !Array.isArray(saved.productIds)) return current;
        return {
          ...current,
          productIds: saved.productIds.filter((id): id is string => typeof id === 'string'),
        };
      },
    },
  ),
);
