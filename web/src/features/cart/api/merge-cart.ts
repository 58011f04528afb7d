import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MergeCartBody, mergeCart as mergeCartEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { cartQueryOptions } from './get-cart.ts';

/** POST /api/v1/cart/merge: a visitor's lines join the server cart at sign-in (D17). */
export function mergeCart(body: MergeCartBody) {
  return apiCall(mergeCartEndpoint, { body });
}

/** The merged cart, answered by the server, is the cached cart. */
export function useMergeCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeCart,
    onSuccess: (list) => queryClient.setQueryData(cartQueryOptions().queryKey, list),
  });
}
