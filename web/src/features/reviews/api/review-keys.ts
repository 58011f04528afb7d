import {
  type AdminReviewsQuerySchema,
  getMyProductReview,
  listAdminReviews,
  listProductReviews,
} from '#contract';
import type { QueryInput } from '#web/lib/api-client.ts';

export const reviewKeys = {
  /** Every cached page of one product's reviews. */
  product: (productId: string) => [listProductReviews.path, { id: productId }] as const,
  /** One page of a product's reviews; matched by `product` (the cache compares fields). */
  page: (productId: string, page: number) =>
    [listProductReviews.path, { id: productId, page }] as const,
  /** The signed-in shopper's own review of the product. */
  mine: (productId: string) => [getMyProductReview.path, { id: productId }] as const,
};

export const adminReviewKeys = {
  /** Every cached page of the owner's review list. */
  lists: [listAdminReviews.path] as const,
  list: (query: QueryInput<typeof AdminReviewsQuerySchema>) =>
    [...adminReviewKeys.lists, query] as const,
};
