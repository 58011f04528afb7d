import { useQueryClient } from '@tanstack/react-query';
import { type CartItem, isNamedPiece } from '#contract';
import { useAuthToken } from '#web/lib/auth-token.ts';
import { toast } from '#web/lib/toast.ts';
import { cachedLine } from '../api/get-cart.ts';
import { useRemoveCartItem } from '../api/remove-cart-item.ts';
import { useSelectAllCartItems } from '../api/select-all-cart-items.ts';
import { useUpdateCartItem, useUpdateCartQuantity } from '../api/update-cart-item.ts';
import { useGuestCartStore } from '../stores/guest-cart-store.ts';
import { availableStock, CART_MESSAGES } from '../utils/cart-lines.ts';

/**
 * What a shopper can do to cart lines, on the server cart with a token (each
 * change shown at once, put back if refused) or on the visitor's own (D17).
 */
export function useCartLineActions() {
  const token = useAuthToken();
  const queryClient = useQueryClient();
  const changeQuantity = useUpdateCartQuantity();
  const updateLine = useUpdateCartItem();
  const selectAllLines = useSelectAllCartItems();
  const removeLine = useRemoveCartItem();
  const guest = useGuestCartStore.getState;

  return {
    /**
     * One tap on − or +: − stops at 1; + stops at the size's stock with
     * 'Available quantity is {n}' (D9), and a named piece stays one piece. The step starts from the line as it is
     * now, not as last rendered, so quick taps between renders all count.
     */
    stepQuantity(line: CartItem, step: 1 | -1) {
      const current =
        (token
          ? cachedLine(queryClient, line._id)
          : guest().list.find((item) => item._id === line._id)) ?? line;
      const quantity = current.quantity + step;
      if (quantity < 1 || (step > 0 && isNamedPiece(current))) return;
      const available = availableStock(current);
      if (step > 0 && quantity > available) {
        toast.error(CART_MESSAGES.availableQuantity(available));
        return;
      }
      if (token) changeQuantity(current, quantity);
      else guest().setQuantity(line._id, quantity);
    },
    setSelected(line: CartItem, selected: boolean) {
      if (token) updateLine.mutate({ id: line._id, selected });
      else guest().setSelected(line._id, selected);
    },
    selectAll(selected: boolean) {
      if (token) selectAllLines.mutate(selected);
      else guest().selectAll(selected);
    },
    remove(line: CartItem) {
      if (token) removeLine.mutate(line._id);
      else guest().removeLine(line._id);
    },
  };
}
