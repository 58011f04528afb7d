import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type CartItem,
  type UpdateCartItemBody,
  updateCartItem as updateCartItemEndpoint,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { replaceLine, withQuantity } from '../utils/cart-lines.ts';
import { cartKeys } from './cart-keys.ts';
import {
  cachedLine,
  cartFailureMessage,
  unconfirmedQuantities,
  updateCachedCart,
  withUnconfirmedQuantity,
} from './get-cart.ts';

/** PUT /api/v1/cart/update/{id}: a line's quantity (never past stock, D9) or selection. */
export function updateCartItem(id: string, body: UpdateCartItemBody) {
  return apiCall(updateCartItemEndpoint, { params: { id }, body });
}

/** Selects or unselects a line at once; put back with the server's reason if refused. */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, selected }: { id: string; selected: boolean }) =>
      updateCartItem(id, { selected }),
    onMutate: async ({ id, selected }) => {
      await queryClient.cancelQueries({ queryKey: cartKeys.lines });
      const before = cachedLine(queryClient, id);
      if (before)
        updateCachedCart(queryClient, (list) => replaceLine(list, { ...before, selected }));
      return { before };
    },
    onSuccess: (line) =>
      updateCachedCart(queryClient, (list) =>
        replaceLine(list, withUnconfirmedQuantity(queryClient, line)),
      ),
    onError: (error, _, context) => {
      const before = context?.before;
      if (before) updateCachedCart(queryClient, (list) => replaceLine(list, before));
      toast.error(cartFailureMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.quotes }),
  });
}

/**
 * SPEC §9 keeps a line's quantity from changing more than once per 600 ms.
 * Taps are never dropped: they show at once and are coalesced into one
 * request for the final quantity, sent once the line has been still this long.
 */
export const QUANTITY_SETTLE_MS = 600;

interface LineSync {
  /** The line as the server last confirmed it: what a refusal rolls back to. */
  confirmed: CartItem;
  /** Counts taps; only the answer to the newest one is shown. */
  latest: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Coalesces quantity taps per line into one request each (see QUANTITY_SETTLE_MS). */
export function createQuantitySync(queryClient: QueryClient) {
  const lines = new Map<string, LineSync>();
  const tapped = unconfirmedQuantities(queryClient);

  async function send(lineId: string, sync: LineSync, quantity: number) {
    sync.timer = undefined;
    const tap = sync.latest;
    const isNewest = () => sync.latest === tap && sync.timer === undefined;
    try {
      const answer = await updateCartItem(lineId, { quantity });
      sync.confirmed = answer;
      if (isNewest()) {
        tapped.delete(lineId);
        updateCachedCart(queryClient, (list) => replaceLine(list, answer));
      }
    } catch (error) {
      // A newer tap is on its way with its own request; only the newest rolls back.
      if (!isNewest()) return;
      tapped.delete(lineId);
      updateCachedCart(queryClient, (list) => replaceLine(list, sync.confirmed));
      toast.error(cartFailureMessage(error));
    }
    if (isNewest()) {
      lines.delete(lineId);
      await queryClient.invalidateQueries({ queryKey: cartKeys.quotes });
    }
  }

  return {
    /** Shows the quantity at once and sends it when the line has settled. */
    change(line: CartItem, quantity: number) {
      const sync = lines.get(line._id) ?? { confirmed: line, latest: 0, timer: undefined };
      lines.set(line._id, sync);
      sync.latest += 1;
      clearTimeout(sync.timer);
      void queryClient.cancelQueries({ queryKey: cartKeys.lines });
      tapped.set(line._id, quantity);
      updateCachedCart(queryClient, (list) => replaceLine(list, withQuantity(line, quantity)));
      sync.timer = setTimeout(() => void send(line._id, sync, quantity), QUANTITY_SETTLE_MS);
    },
    /** Sends every waiting quantity now (the cart is leaving the screen). */
    flush() {
      for (const [lineId, sync] of lines) {
        if (sync.timer === undefined) continue;
        clearTimeout(sync.timer);
        const quantity = cachedLine(queryClient, lineId)?.quantity;
        if (quantity !== undefined) void send(lineId, sync, quantity);
      }
    },
  };
}

/** Quantity changes for the server cart's lines, coalesced per line; flushed when unmounted. */
export function useUpdateCartQuantity() {
  const queryClient = useQueryClient();
  const [sync] = useState(() => createQuantitySync(queryClient));
  useEffect(() => () => sync.flush(), [sync]);
  return sync.change;
}
