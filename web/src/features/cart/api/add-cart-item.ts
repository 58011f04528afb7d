import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AddCartItemBody, addCartItem as addCartItemEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { cartKeys } from './cart-keys.ts';
import { updateCachedCart } from './get-cart.ts';

/** POST /api/v1/cart/create: a product in a size; the same pair twice is a 409. */
export function addCartItem(body: AddCartItemBody) {
  return apiCall(addCartItemEndpoint, { body });
}

/** Adds a line to the server cart; the new line joins the cached cart and the quote is refreshed. */
export function useAddCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCartItem,
    onSuccess: (line) =>
      updateCachedCart(queryClient, (list) => [
        ...list.filter((item) => item._id !== line._id),
        line,
      ]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.quotes }),
  });
}
