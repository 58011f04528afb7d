import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type CartItem, getCart as getCartEndpoint, withPriceBreaks } from '#contract';
import { ApiError, apiCall, getErrorMessage } from '#web/lib/api-client.ts';
import { useAuthToken } from '#web/lib/auth-token.ts';
import { cartKeys } from './cart-keys.ts';

/** GET /api/v1/cart/get-all: the signed-in shopper's lines, oldest first. */
export function getCart(signal?: AbortSignal) {
  return apiCall(getCartEndpoint, { signal });
}

/**
 * Quantities a shopper tapped that the server has not confirmed yet, per line
 * (update-cart-item.ts sends them once the line settles). An answer that left
 * the server before those taps (a refetch, another change's answer) must not
 * undo them on screen, nor the step the next tap starts from.
 */
const unconfirmed = new WeakMap<QueryClient, Map<string, number>>();

export function unconfirmedQuantities(queryClient: QueryClient): Map<string, number> {
  let quantities = unconfirmed.get(queryClient);
  if (!quantities) {
    quantities = new Map();
    unconfirmed.set(queryClient, quantities);
  }
  return quantities;
}

/** A line as the server answered it, with the shopper's unconfirmed quantity on top. */
export function withUnconfirmedQuantity(queryClient: QueryClient, line: CartItem): CartItem {
  const quantity = unconfirmed.get(queryClient)?.get(line._id);
  return quantity === undefined ? line : { ...line, quantity };
}

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: cartKeys.lines,
    queryFn: async ({ signal, client }) =>
      (await getCart(signal)).map((line) => withUnconfirmedQuantity(client, line)),
  });

/**
 * The server cart, while a token is stored (a visitor's cart is the guest
 * store, D17) and the caller wants it read (`enabled`).
 */
export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  const token = useAuthToken();
  return useQuery({ ...cartQueryOptions(), enabled: enabled && token !== null });
}

/**
 * Changes the cached server cart (an optimistic change, or a server answer put
 * in place), repriced as the server would: one line's quantity or selection
 * moves the price of every line of its group (issue 29).
 */
export function updateCachedCart(
  queryClient: QueryClient,
  update: (list: CartItem[]) => CartItem[],
): void {
  queryClient.setQueryData(cartQueryOptions().queryKey, (list) =>
    list ? withPriceBreaks(update(list)) : list,
  );
}

/** The cached line with this id, as the server last answered it (or as changed optimistically). */
export function cachedLine(queryClient: QueryClient, lineId: string): CartItem | undefined {
  return queryClient.getQueryData(cartQueryOptions().queryKey)?.find((line) => line._id === lineId);
}

/**
 * What to tell the shopper when a cart change fails: the server's word on what
 * it refused (4xx), otherwise the fallback when there is one.
 */
export function cartFailureMessage(error: unknown, fallback?: string): string {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return refused || !fallback ? getErrorMessage(error) : fallback;
}
