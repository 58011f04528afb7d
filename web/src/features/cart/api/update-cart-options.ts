import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type UpdateCartOptionsBody,
  updateCartOptions as updateCartOptionsEndpoint,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { cartOptionsQueryOptions } from './get-cart-options.ts';

/** PUT /api/v1/cart/options: changes the cart's coupon (checked by the server) or gift wrap. */
export function updateCartOptions(body: UpdateCartOptionsBody) {
  return apiCall(updateCartOptionsEndpoint, { body });
}

/**
 * Stores a choice with the cart; the cache takes the server's answer. The
 * quote is keyed by the stored choices, so it is fetched once, after the
 * server has them (an optimistic key would price the cart before they land);
 * the boxes show a pending choice themselves, and drop it if refused.
 */
export function useUpdateCartOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartOptions,
    onSuccess: (options) => queryClient.setQueryData(cartOptionsQueryOptions().queryKey, options),
  });
}
