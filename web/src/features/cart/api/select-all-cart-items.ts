import { useMutation, useQueryClient } from '@tanstack/react-query';
import { selectAllCartItems as selectAllCartItemsEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { cartKeys } from './cart-keys.ts';
import {
  cartFailureMessage,
  cartQueryOptions,
  updateCachedCart,
  withUnconfirmedQuantity,
} from './get-cart.ts';

/** PUT /api/v1/cart/update-many: selects or unselects every line. */
export function selectAllCartItems(selected: boolean) {
  return apiCall(selectAllCartItemsEndpoint, { body: { selected } });
}

/** Every line selected (or not) at once, with one call; every selection put back if refused. */
export function useSelectAllCartItems() {
  const queryClient = useQueryClient();
  const { queryKey } = cartQueryOptions();
  return useMutation({
    mutationFn: selectAllCartItems,
    onMutate: async (selected) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      updateCachedCart(queryClient, (list) => list.map((line) => ({ ...line, selected })));
      return { before };
    },
    onSuccess: (list) =>
      queryClient.setQueryData(
        queryKey,
        list.map((line) => withUnconfirmedQuantity(queryClient, line)),
      ),
    onError: (error, _, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
      toast.error(cartFailureMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.quotes }),
  });
}
