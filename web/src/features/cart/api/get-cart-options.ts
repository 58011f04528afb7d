import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCartOptions as getCartOptionsEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { useAuthToken } from '#web/lib/auth-token.ts';
import { cartKeys } from './cart-keys.ts';

/** GET /api/v1/cart/options: the coupon and gift wrap kept with the cart (D10, D16). */
export function getCartOptions(signal?: AbortSignal) {
  return apiCall(getCartOptionsEndpoint, { signal });
}

export const cartOptionsQueryOptions = () =>
  queryOptions({
    queryKey: cartKeys.options,
    queryFn: ({ signal }) => getCartOptions(signal),
  });

export function useCartOptions() {
  const token = useAuthToken();
  return useQuery({ ...cartOptionsQueryOptions(), enabled: token !== null });
}
