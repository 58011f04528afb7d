import {
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  addWishlistItem as addWishlistItemEndpoint,
  type CreateStockAlertBody,
  confirmStockAlert as confirmStockAlertEndpoint,
  createStockAlert as createStockAlertEndpoint,
  getWishlist as getWishlistEndpoint,
  type MergeWishlistBody,
  mergeWishlist as mergeWishlistEndpoint,
  removeWishlistItem as removeWishlistItemEndpoint,
  type WishlistItem,
} from '#contract';
import { ApiError, apiCall } from '#web/lib/api-client.ts';
import { productQueryOptions } from '#web/lib/product-query.ts';
import { wishlistKeys } from '#web/lib/query-keys.ts';

/** GET /api/v1/wishlist: the signed-in shopper's saved products. */
export function wishlistQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: wishlistKeys.list(token),
    queryFn: ({ signal }) => apiCall(getWishlistEndpoint, { signal }),
    enabled: token !== null,
  });
}

export function useWishlist(token: string | null) {
  return useQuery(wishlistQueryOptions(token));
}

/** Saves or forgets a product; the server's answer is the cached list. */
export function useToggleWishlistItem(token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, saved }: { productId: string; saved: boolean }) =>
      saved
        ? apiCall(removeWishlistItemEndpoint, { params: { id: productId } })
        : apiCall(addWishlistItemEndpoint, { body: { productId } }),
    onSuccess: (list: WishlistItem[]) =>
      queryClient.setQueryData(wishlistQueryOptions(token).queryKey, list),
  });
}

/** POST /api/v1/wishlist/merge: a visitor's saved products join the account's at sign-in. */
export function mergeWishlist(body: MergeWishlistBody) {
  return apiCall(mergeWishlistEndpoint, { body });
}

/** POST /api/v1/product/{id}/stock-alerts: 'Notify me' on a sold-out size (D33). */
export function useCreateStockAlert(productId: string) {
  return useMutation({
    mutationFn: (body: CreateStockAlertBody) =>
      apiCall(createStockAlertEndpoint, { params: { id: productId }, body }),
  });
}

/** POST /api/v1/stock-alerts/confirm: the mailed link of a request for a guest's or another email. */
export function useConfirmStockAlert() {
  return useMutation({
    mutationFn: (token: string) => apiCall(confirmStockAlertEndpoint, { body: { token } }),
  });
}

/**
 * A visitor's saved products as they are now (price, stock), one cached
 * catalogue read each; ones no longer on sale (404) are reported as gone.
 */
export function useGuestWishlistProducts(productIds: readonly string[]) {
  return useQueries({
    queries: productIds.map(productQueryOptions),
    combine: (results) => ({
      products: results.flatMap((result) => (result.data ? [result.data] : [])),
      gone: productIds.filter((_, index) => {
        const error = results[index]?.error;
        return error instanceof ApiError && (error.status === 404 || error.status === 400);
      }),
      isLoading: results.some((result) => result.isLoading),
    }),
  });
}
