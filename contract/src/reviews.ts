import { z } from 'zod';
import { IdParamsSchema, IdSchema, PageQuerySchema, pageOf, TimestampSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { requiredText } from './fields.ts';

/**
 * Reviews (D28): a shopper who received a product rates it once, 1 to 5
 * stars; the product's rating is the average of its visible reviews.
 */

export const REVIEW_STARS = [5, 4, 3, 2, 1] as const;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MAX = 2000;
/** Reviews a product page shows at a time. */
export const REVIEWS_PAGE_SIZE = 10;

export const REVIEW_NOT_ELIGIBLE = 'Only shoppers who received this product can review it';
export const REVIEW_ALREADY_WRITTEN =
  'You have already reviewed this product; edit your review instead';
export const REVIEW_NOT_FOUND = 'Review not found';

export const ReviewBodySchema = z.object({
  rating: z.coerce
    .number({ error: 'Rating is required' })
    .int('Rating must be a whole number of stars')
    .min(1, 'Rating must be 1 to 5 stars')
    .max(5, 'Rating must be 1 to 5 stars'),
  title: requiredText('Title', REVIEW_TITLE_MAX),
  // Typed in a textarea: line breaks are kept, every other control character refused (D37).
  text: requiredText('Review', REVIEW_TEXT_MAX, { multiLine: true }),
});
export type ReviewBody = z.infer<typeof ReviewBodySchema>;

export const ReviewSchema = z.object({
  _id: IdSchema,
  productId: IdSchema,
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  text: z.string(),
  /** The reviewer's first name only. */
  author: z.string(),
  /** Every review comes from a delivered order line of the product (D28). */
  verifiedPurchase: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewSummarySchema = z.object({
  /** The average of the visible reviews, to two decimals; 0 without any. */
  average: z.number().min(0).max(5),
  count: z.number().int().nonnegative(),
  /** How many visible reviews gave each number of stars, 5 first. */
  distribution: z.array(
    z.object({ stars: z.number().int().min(1).max(5), count: z.number().int().nonnegative() }),
  ),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

export const ProductReviewsPageSchema = pageOf(ReviewSchema).extend({
  summary: ReviewSummarySchema,
});
export type ProductReviewsPage = z.infer<typeof ProductReviewsPageSchema>;

export const ReviewsQuerySchema = PageQuerySchema.extend({
  limit: PageQuerySchema.shape.limit.removeDefault().default(REVIEWS_PAGE_SIZE),
});

export const MyReviewSchema = z.object({
  /** Whether the signed-in shopper may write a review now. */
  canReview: z.boolean(),
  /** Why not, when they may not and have none. */
  reason: z.string().nullable(),
  review: ReviewSchema.nullable(),
});
export type MyReview = z.infer<typeof MyReviewSchema>;

export const AdminReviewSchema = ReviewSchema.extend({
  productTitle: z.string(),
  authorEmail: z.string(),
  hidden: z.boolean(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewPageSchema = pageOf(AdminReviewSchema);
export type AdminReviewPage = z.infer<typeof AdminReviewPageSchema>;

export const AdminReviewsQuerySchema = PageQuerySchema.extend({
  hidden: z.stringbool({ error: 'hidden must be true or false' }).optional(),
});
export type AdminReviewsQuery = z.infer<typeof AdminReviewsQuerySchema>;

export const listProductReviews = defineEndpoint({
  name: 'listProductReviews',
  method: 'GET',
  path: '/product/:id/reviews',
  tag: 'reviews',
  summary: "A product's visible reviews, newest first, with their average and distribution",
  auth: 'none',
  params: IdParamsSchema,
  query: ReviewsQuerySchema,
  result: ProductReviewsPageSchema,
});

export const getMyProductReview = defineEndpoint({
  name: 'getMyProductReview',
  method: 'GET',
  path: '/product/:id/reviews/mine',
  tag: 'reviews',
  summary: "The signed-in shopper's review of a product, and whether they may write one",
  auth: 'user',
  params: IdParamsSchema,
  result: MyReviewSchema,
});

export const createProductReview = defineEndpoint({
  name: 'createProductReview',
  method: 'POST',
  path: '/product/:id/reviews',
  tag: 'reviews',
  summary: 'Review a product received in a delivered order, once (D28)',
  auth: 'user',
  params: IdParamsSchema,
  body: ReviewBodySchema,
  result: ReviewSchema,
});

export const updateMyProductReview = defineEndpoint({
  name: 'updateMyProductReview',
  method: 'PUT',
  path: '/product/:id/reviews/mine',
  tag: 'reviews',
  summary: "Edit the signed-in shopper's review of a product",
  auth: 'user',
  params: IdParamsSchema,
  body: ReviewBodySchema,
  result: ReviewSchema,
});

export const deleteMyProductReview = defineEndpoint({
  name: 'deleteMyProductReview',
  method: 'DELETE',
  path: '/product/:id/reviews/mine',
  tag: 'reviews',
  summary: "Delete the signed-in shopper's review of a product",
  auth: 'user',
  params: IdParamsSchema,
  result: z.null(),
});

export const listAdminReviews = defineEndpoint({
  name: 'listAdminReviews',
  method: 'GET',
  path: '/admin/reviews',
  tag: 'admin',
  summary: 'Every review, newest first; hidden=true or false narrows them',
  auth: 'admin',
  query: AdminReviewsQuerySchema,
  result: AdminReviewPageSchema,
});

export const hideAdminReview = defineEndpoint({
  name: 'hideAdminReview',
  method: 'POST',
  path: '/admin/reviews/:id/hide',
  tag: 'admin',
  summary: "Hide a review: it leaves the product's page and average",
  auth: 'admin',
  params: IdParamsSchema,
  result: AdminReviewSchema,
});

export const restoreAdminReview = defineEndpoint({
  name: 'restoreAdminReview',
  method: 'POST',
  path: '/admin/reviews/:id/restore',
  tag: 'admin',
  summary: 'Show a hidden review again',
  auth: 'admin',
  params: IdParamsSchema,
  result: AdminReviewSchema,
});
