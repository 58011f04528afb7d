import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hideAdminReview, listAdminReviews, restoreAdminReview } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { catalogueKeys, productKeys } from '#web/lib/query-keys.ts';
import { adminReviewKeys, reviewKeys } from './review-keys.ts';

const ADMIN_REVIEWS_PAGE_SIZE = 20;

/** GET /api/v1/admin/reviews: every review, newest first; `hidden` narrows them. */
export function useAdminReviews(page: number, hidden: boolean | undefined) {
  const query = { page, limit: ADMIN_REVIEWS_PAGE_SIZE, ...(hidden !== undefined && { hidden }) };
  return useQuery({
    queryKey: adminReviewKeys.list(query),
    queryFn: ({ signal }) => apiCall(listAdminReviews, { query, signal }),
  });
}

/** Hides or restores a review: it leaves or rejoins the product's page and rating (D28). */
export function useSetReviewHidden() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      apiCall(hidden ? hideAdminReview : restoreAdminReview, { params: { id } }),
    onSuccess: (review) =>
      Promise.all(
        [
          adminReviewKeys.lists,
          reviewKeys.product(review.productId),
          productKeys.detail(review.productId),
          catalogueKeys.lists,
        ].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}
