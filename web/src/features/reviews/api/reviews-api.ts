import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  createProductReview,
  deleteMyProductReview,
  getMyProductReview,
  listProductReviews,
  type ReviewBody,
  updateMyProductReview,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { catalogueKeys, productKeys } from '#web/lib/query-keys.ts';
import { reviewKeys } from './review-keys.ts';

/** GET /api/v1/product/{id}/reviews: a page of reviews, newest first, with the summary (D28). */
export function productReviewsQueryOptions(productId: string, page: number) {
  return queryOptions({
    queryKey: reviewKeys.page(productId, page),
    queryFn: ({ signal }) =>
      apiCall(listProductReviews, { params: { id: productId }, query: { page }, signal }),
  });
}

export function useProductReviews(productId: string, page: number) {
  return useQuery({
    ...productReviewsQueryOptions(productId, page),
    placeholderData: keepPreviousData,
  });
}

/** The signed-in shopper's review of the product, and whether they may write one. */
export function useMyReview(productId: string, signedIn: boolean) {
  return useQuery({
    queryKey: reviewKeys.mine(productId),
    queryFn: ({ signal }) => apiCall(getMyProductReview, { params: { id: productId }, signal }),
    enabled: signedIn,
  });
}

/** A review changes the product's rating: its page, its reviews and the listing go stale. */
function useReviewChanged(productId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [
        reviewKeys.product(productId),
        reviewKeys.mine(productId),
        productKeys.detail(productId),
        catalogueKeys.lists,
      ].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
}

/** Writes the shopper's review: creates it, or edits the one they have. */
export function useSaveReview(productId: string, editing: boolean) {
  const changed = useReviewChanged(productId);
  return useMutation({
    mutationFn: (body: ReviewBody) =>
      apiCall(editing ? updateMyProductReview : createProductReview, {
        params: { id: productId },
        body,
      }),
    onSuccess: changed,
  });
}

export function useDeleteReview(productId: string) {
  const changed = useReviewChanged(productId);
  return useMutation({
    mutationFn: () => apiCall(deleteMyProductReview, { params: { id: productId } }),
    onSuccess: changed,
  });
}
