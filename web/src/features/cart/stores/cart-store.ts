import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { CartItem } from '#contract';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';

export interface CartState {
  list: CartItem[];
  /** Sum of the lines' totalPrice. */
  totalPrice: number;
  /** Number of lines. */
  totalProduct: number;
  isLoading: boolean;
  error: string | null;
}

type PersistedCart = Pick<CartState, 'list' | 'totalPrice' | 'totalProduct'>;

export const initialCartState: CartState = {
  list: [],
  totalPrice: 0,
  totalProduct: 0,
  isLoading: false,
  error: null,
};

/**
 * The cart, kept in localStorage under `cart-storage` (SPEC §3: list,
 * totalPrice and totalProduct persist; loading and error do not). Later
 * issues add the actions (fetch, add, update, remove).
 */
export const useCartStore = create<CartState>()(
  persist(() => initialCartState, {
    name: STORAGE_KEYS.cart,
    storage: createJSONStorage(() => localStorage),
    partialize: (state): PersistedCart => ({
      list: state.list,
      totalPrice: state.totalPrice,
      totalProduct: state.totalProduct,
    }),
    merge: (persisted, current) => {
      const saved = persisted as Partial<PersistedCart> | undefined;
      // Anything unreadable in storage is ignored rather than crashing the app.
      if (!saved || !Array.isArray(saved.list)) return current;
      return {
        ...current,
        list: saved.list,
        totalPrice: typeof saved.totalPrice === 'number' ? saved.totalPrice : 0,
        totalProduct:
          typeof saved.totalProduct === 'number' ? saved.totalProduct : saved.list.length,
      };
    },
  }),
);

/** The number of lines in the cart, for the top bar's badge. */
export const selectCartLineCount = (state: CartState): number => state.list.length;
