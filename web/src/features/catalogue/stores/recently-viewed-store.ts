import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';

/** How many products the browser remembers. */
export const RECENTLY_VIEWED_MAX = 12;

interface RecentlyViewedState {
  /** Product ids, the most recently viewed first. */
  productIds: string[];
  viewed: (productId: string) => void;
  forget: (productId: string) => void;
}

/** Products viewed in this browser (issue 16): never sent to the server. */
export const useRecentlyViewedStore = create<RecentlyViewedState>()(
  persist(
    (set, get) => ({
      productIds: [],
      viewed: (productId) =>
        set({
          productIds: [productId, ...get().productIds.filter((id) => id !== productId)].slice(
            0,
            RECENTLY_VIEWED_MAX,
          ),
        }),
      forget: (productId) => set({ productIds: get().productIds.filter((id) => id !== productId) }),
    }),
    {
      name: STORAGE_KEYS.recentlyViewed,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ productIds }) => ({ productIds }),
      merge: (persisted, current) => {
        const saved = persisted as { productIds?: unknown } | undefined;
        if (!saved || !Array.isArray(saved.productIds)) return current;
        return {
          ...current,
          productIds: saved.productIds
            .filter((id): id is string => typeof id === 'string')
            .slice(0, RECENTLY_VIEWED_MAX),
        };
      },
    },
  ),
);
