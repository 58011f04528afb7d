import toast from 'react-hot-toast';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  ALREADY_ADDED_MESSAGE,
  addCartItem,
  availableQuantityMessage,
  type CartItem,
  getCart,
  mergeCart,
  type Product,
  removeCartItem,
  type Size,
  selectAllCartItems,
  toCartProduct,
  updateCartItem,
} from '#contract';
import { ApiError, apiCall, getErrorMessage } from '#web/lib/api-client.ts';
import { getAuthToken } from '#web/lib/auth-token.ts';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';

/** SPEC §9: a line's quantity changes at most once per 600 ms. */
export const QUANTITY_LOCK_MS = 600;
/** Lines a visitor adds without a token (D17) carry ids with this prefix until merged. */
export const GUEST_LINE_PREFIX = 'guest-';

export const CART_MESSAGES = {
  fetchFailed: 'Cart not Fetched',
  alreadyAdded: ALREADY_ADDED_MESSAGE,
  added: 'Product added to cart!',
  addFailed: 'Product Not added On Cart',
  removeFailed: 'Failed to remove product',
  availableQuantity: availableQuantityMessage,
} as const;

export interface CartState {
  list: CartItem[];
  /** Sum of the lines' totalPrice. */
  totalPrice: number;
  /** Number of lines. */
  totalProduct: number;
  isLoading: boolean;
  error: string | null;
  /** Goes up whenever the list settles (a server answer, a rollback, a local change): what the quote refetches on. */
  revision: number;
}

export interface CartActions {
  /** With a token: the server's cart. Without one the visitor's local lines stay (D17). */
  fetchCart: () => Promise<void>;
  /** SPEC §4: refuses a product and size already in the cart; true when the line was added. */
  addToCart: (product: Product, size: Size, quantity: number) => Promise<boolean>;
  /** Optimistic; + is refused past stock (D9), − below 1, and each line is locked for 600 ms. */
  updateQuantity: (lineId: string, quantity: number) => Promise<boolean>;
  setSelected: (lineId: string, selected: boolean) => Promise<boolean>;
  selectAll: (selected: boolean) => Promise<boolean>;
  removeLine: (lineId: string) => Promise<boolean>;
  /** After sign-in: the visitor's lines go to the server cart, which becomes the list (D17). */
  mergeGuestCart: () => Promise<void>;
  /** Empties the cart (after checkout, at logout). */
  reset: () => void;
}

export type CartStore = CartState & CartActions;

type PersistedCart = Pick<CartState, 'list' | 'totalPrice' | 'totalProduct'>;

export const initialCartState: CartState = {
  list: [],
  totalPrice: 0,
  totalProduct: 0,
  isLoading: false,
  error: null,
  revision: 0,
};

/** SPEC §3: totalPrice is the sum of the lines' totals, totalProduct the line count. */
function withTotals(list: CartItem[]): PersistedCart {
  const paise = list.reduce((sum, line) => sum + Math.round(line.totalPrice * 100), 0);
  return { list, totalPrice: paise / 100, totalProduct: list.length };
}

/** The line total in rupees, counted in paise so 0.1 + 0.2 never shows. */
function lineTotal(price: number, quantity: number): number {
  return Math.round(price * 100 * quantity) / 100;
}

/** Stock of the line's size (SPEC §5: the size key uppercased). */
export function availableStock(line: CartItem): number {
  const sizes = line.productId.sizes as Record<string, number | undefined>;
  return sizes[line.size.toUpperCase()] ?? 0;
}

/** `current` with the `touched` lines back as they were in `before`; removed ones go back in place. */
function restoreLines(current: CartItem[], before: CartItem[], touched: CartItem[]): CartItem[] {
  const original = new Map(touched.map((line) => [line._id, line]));
  const list = current.map((line) => original.get(line._id) ?? line);
  for (const line of touched) {
    if (list.some((item) => item._id === line._id)) continue;
    list.splice(Math.min(before.indexOf(line), list.length), 0, line);
  }
  return list;
}

/** When each line's quantity lock ends (epoch ms). */
const quantityLocks = new Map<string, number>();
/** Product+size pairs being added right now: a double click adds one line. */
const pendingAdds = new Set<string>();

function createLocalId(): string {
  return `${GUEST_LINE_PREFIX}${globalThis.crypto.randomUUID()}`;
}

export const useCartStore = create<CartStore>()(
  persist(
    (rawSet, get) => {
      /** Every write goes through here, so the revision follows each change of the list. */
      const set = (partial: Partial<CartState>): void => {
        rawSet('list' in partial ? { ...partial, revision: get().revision + 1 } : partial);
      };
      /** Puts the server's version of a line in place (if it is still there), totals in step. */
      const replaceLine = (answer: CartItem) => {
        set(withTotals(get().list.map((line) => (line._id === answer._id ? answer : line))));
      };

      /**
       * Applies `change` to the list at once; with a token, asks the server and
       * takes its answer, or puts the changed lines back as they were and says why.
       */
      async function optimistic<T>(
        change: (list: CartItem[]) => CartItem[],
        call: () => Promise<T>,
        settle: (answer: T) => void,
        fallbackMessage?: string,
      ): Promise<boolean> {
        const before = get().list;
        const after = change(before);
        const kept = new Set(after);
        // The lines this change replaced or removed: only they are put back on failure.
        const touched = before.filter((line) => !kept.has(line));
        set({ ...withTotals(after), error: null });
        if (!getAuthToken()) return true;
        try {
          settle(await call());
          return true;
        } catch (error) {
          set(withTotals(restoreLines(get().list, before, touched)));
          // The server's word on what it refused (4xx); otherwise the fallback, when there is one.
          const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
          toast.error(refused || !fallbackMessage ? getErrorMessage(error) : fallbackMessage);
          return false;
        }
      }

      return {
        ...initialCartState,

        async fetchCart() {
          if (!getAuthToken()) return;
          set({ isLoading: true, error: null });
          const startedAt = get().revision;
          try {
            const list = await apiCall(getCart);
            // A change made meanwhile (a merge at sign-in, a quantity) answered with newer lines;
            // the same lines again (every route change fetches) are not a change.
            const overtaken = get().revision !== startedAt;
            const same = JSON.stringify(list) === JSON.stringify(get().list);
            set(
              overtaken || same ? { isLoading: false } : { ...withTotals(list), isLoading: false },
            );
          } catch (error) {
            set({
              isLoading: false,
              error: error instanceof ApiError ? error.message : CART_MESSAGES.fetchFailed,
            });
          }
        },

        async addToCart(product, size, quantity) {
          const key = `${product._id}:${size}`;
          const exists = get().list.some(
            (line) => line.productId._id === product._id && line.size === size,
          );
          if (exists || pendingAdds.has(key)) {
            toast.error(CART_MESSAGES.alreadyAdded);
            return false;
          }

          if (!getAuthToken()) {
            const available = product.sizes[size] ?? 0;
            if (quantity > available) {
              toast.error(CART_MESSAGES.availableQuantity(available));
              return false;
            }
            const line: CartItem = {
              _id: createLocalId(),
              productId: toCartProduct(product),
              size,
              quantity,
              selected: true,
              totalPrice: lineTotal(product.price, quantity),
            };
            set(withTotals([...get().list, line]));
            toast.success(CART_MESSAGES.added);
            return true;
          }

          // SPEC §4/§8: the success toast shows before the server replies.
          const successToast = toast.success(CART_MESSAGES.added);
          pendingAdds.add(key);
          try {
            const line = await apiCall(addCartItem, {
              body: { productId: product._id, size, quantity },
            });
            set(withTotals([...get().list.filter((item) => item._id !== line._id), line]));
            return true;
          } catch (error) {
            toast.dismiss(successToast);
            toast.error(
              error instanceof ApiError && error.status === 409
                ? error.message
                : CART_MESSAGES.addFailed,
            );
            return false;
          } finally {
            pendingAdds.delete(key);
          }
        },

        async updateQuantity(lineId, quantity) {
          const line = get().list.find((item) => item._id === lineId);
          if (!line || !Number.isInteger(quantity) || quantity < 1) return false;
          if (quantity === line.quantity) return true;
          const available = availableStock(line);
          if (quantity > line.quantity && quantity > available) {
            toast.error(CART_MESSAGES.availableQuantity(available));
            return false;
          }
          const now = Date.now();
          if ((quantityLocks.get(lineId) ?? 0) > now) return false;
          quantityLocks.set(lineId, now + QUANTITY_LOCK_MS);

          return optimistic(
            (list) =>
              list.map((item) =>
                item._id === lineId
                  ? { ...item, quantity, totalPrice: lineTotal(item.productId.price, quantity) }
                  : item,
              ),
            () => apiCall(updateCartItem, { params: { id: lineId }, body: { quantity } }),
            replaceLine,
          );
        },

        setSelected(lineId, selected) {
          if (!get().list.some((item) => item._id === lineId)) return Promise.resolve(false);
          return optimistic(
            (list) => list.map((item) => (item._id === lineId ? { ...item, selected } : item)),
            () => apiCall(updateCartItem, { params: { id: lineId }, body: { selected } }),
            replaceLine,
          );
        },

        selectAll(selected) {
          return optimistic(
            (list) => list.map((item) => ({ ...item, selected })),
            () => apiCall(selectAllCartItems, { body: { selected } }),
            (answer) => set(withTotals(answer)),
          );
        },

        removeLine(lineId) {
          if (!get().list.some((item) => item._id === lineId)) return Promise.resolve(false);
          quantityLocks.delete(lineId);
          return optimistic(
            (list) => list.filter((item) => item._id !== lineId),
            () => apiCall(removeCartItem, { params: { id: lineId } }),
            // Nothing to take from the answer; the new revision refreshes the quote.
            () => set(withTotals(get().list)),
            CART_MESSAGES.removeFailed,
          );
        },

        async mergeGuestCart() {
          if (!getAuthToken()) return;
          const items = get()
            .list.filter((line) => line._id.startsWith(GUEST_LINE_PREFIX))
            .map((line) => ({
              productId: line.productId._id,
              size: line.size,
              quantity: line.quantity,
            }));
          set({ isLoading: true, error: null });
          try {
            const list = await apiCall(mergeCart, { body: { items } });
            set({ ...withTotals(list), isLoading: false });
          } catch (error) {
            // The visitor's lines stay, so nothing is lost; the next merge retries.
            const message = error instanceof ApiError ? error.message : CART_MESSAGES.fetchFailed;
            set({ isLoading: false, error: message });
            toast.error(message);
          }
        },

        reset() {
          quantityLocks.clear();
          pendingAdds.clear();
          set(initialCartState);
        },
      };
    },
    {
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
    },
  ),
);

/** The number of lines in the cart, for the top bar's badge. */
export const selectCartLineCount = (state: CartState): number => state.list.length;
