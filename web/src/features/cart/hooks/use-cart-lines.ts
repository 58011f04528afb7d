import type { CartItem } from '#contract';
import type { ApiError } from '#web/lib/api-client.ts';
import { useAuthToken } from '#web/lib/auth-token.ts';
import { useCart } from '../api/get-cart.ts';
import { useGuestCartStore } from '../stores/guest-cart-store.ts';

export interface CartLines {
  list: CartItem[];
  /** A visitor's cart, kept in the browser (D17). */
  isGuest: boolean;
  isLoading: boolean;
  error: ApiError | null;
  reload: () => void;
}

/**
 * The cart a screen shows: the server's with a token, else the visitor's own
 * lines (D17). `fetch: false` shows what is cached without reading the server.
 */
export function useCartLines({ fetch = true }: { fetch?: boolean } = {}): CartLines {
  const token = useAuthToken();
  const cart = useCart({ enabled: fetch });
  const guestList = useGuestCartStore((state) => state.list);
  if (token === null) {
    return { list: guestList, isGuest: true, isLoading: false, error: null, reload: () => {} };
  }
  return {
    list: cart.data ?? [],
    isGuest: false,
    isLoading: cart.isPending,
    error: cart.error,
    reload: () => void cart.refetch(),
  };
}
