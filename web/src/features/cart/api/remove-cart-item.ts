import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeCartItem as removeCartItemEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { CART_MESSAGES } from '../utils/cart-lines.ts';
import { cartKeys } from './cart-keys.ts';
import { cartFailureMessage, cartQueryOptions, updateCachedCart } from './get-cart.ts';

/** DELETE /api/v1/cart/remove-product/{id}. */
export function removeCartItem(id: string) {
  return apiCall(removeCartItemEndpoint, { params: { id } });
}

/** Removes a line at once; puts it back in its place with the reason if refused. */
export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  const { queryKey } = cartQueryOptions();
  return useMutation({
    mutationFn: removeCartItem,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey });
      const list = queryClient.getQueryData(queryKey) ?? [];
      const index = list.findIndex((line) => line._id === id);
      updateCachedCart(queryClient, (lines) => lines.filter((line) => line._id !== id));
      return { removed: list[index], index };
    },
    onError: (error, _, context) => {
      if (context?.removed) {
        const { removed, index } = context;
        updateCachedCart(queryClient, (lines) => lines.toSpliced(index, 0, removed));
      }
      toast.error(cartFailureMessage(error, CART_MESSAGES.removeFailed));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.quotes }),
  });
}
