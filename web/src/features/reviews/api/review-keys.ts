import { getMyProductReview, listAdminReviews, listProductReviews } from '#contract';
import { listKeys } from '#web/lib/query-keys.ts';

export const reviewKeys = {
  /** Every cached page of one product's reviews. */
  product: (productId: string) => [listProductReviews.path, { id: productId }] as const,
  /** One page of a product's reviews; matched by `product` (the cache compares fields). */
  page: (productId: string, page: number) =>
    [listProductReviews.path, { id: productId, page }] as const,
  /** The signed-in shopper's own review of the product. */
  mine: (productId: string) => [getMyProductReview.path, { id: productId }] as const,
};

/** The owner's review list's pages: hiding or restoring a review refreshes them all. */
export const adminReviewKeys = listKeys(listAdminReviews);
