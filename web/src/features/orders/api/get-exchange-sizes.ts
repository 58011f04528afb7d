import { useQuery } from '@tanstack/react-query';
import { getProduct, SIZES, type Size } from '#contract';
import { ApiError, apiCall } from '#web/lib/api-client.ts';
import { productKeys } from '#web/lib/query-keys.ts';

/**
 * The sizes of a product that have stock now, other than `except`: what an
 * exchange may ask for (D31). A product no longer on sale has none.
 */
export function useExchangeSizes(productId: string, except: Size, enabled: boolean) {
  return useQuery({
    queryKey: productKeys.exchangeSizes(productId),
    queryFn: async ({ signal }) => {
      try {
        const product = await apiCall(getProduct, { params: { id: productId }, signal });
        return SIZES.filter((size) => size !== except && (product.sizes[size] ?? 0) > 0);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    enabled,
    retry: false,
  });
}
