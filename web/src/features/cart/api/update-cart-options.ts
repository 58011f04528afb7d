import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CartOptions,
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
 * Shows the choice at once and stores it with the cart; a refused choice is
 * put back (the caller shows why). A new coupon or gift wrap is a new quote
 * key, so the quote is fetched once for it, without an invalidation.
 */
export function useUpdateCartOptions() {
  const queryClient = useQueryClient();
  const { queryKey } = cartOptionsQueryOptions();
  return useMutation({
    mutationFn: updateCartOptions,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      // A coupon is shown once the server has accepted it; gift wrap and its message at once.
      const { couponCode: _, ...shownAtOnce } = body;
      queryClient.setQueryData(queryKey, (options): CartOptions | undefined =>
        options ? { ...options, ...shownAtOnce } : options,
      );
      return { before };
    },
    onSuccess: (options) => queryClient.setQueryData(queryKey, options),
    onError: (_, __, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
  });
}
