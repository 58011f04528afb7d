import { type AdminReview, REVIEW_STARS, type Review, type ReviewSummary } from '#contract';
import type { ReviewRow } from '#server/db/schema/reviews.ts';
import type { ReviewWithAuthor } from './reviews.repository.ts';

/** Shoppers see a reviewer's first name only. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

export function toReview(row: ReviewRow, authorName: string): Review {
  return {
    _id: row.id,
    productId: row.productId,
    rating: row.rating,
    title: row.title,
    text: row.text,
    author: firstName(authorName),
    // Only a shopper with a delivered order line of the product can write one (D28).
    verifiedPurchase: true,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAdminReview(row: ReviewWithAuthor): AdminReview {
  return {
    ...toReview(row, row.authorName),
    productTitle: row.productTitle,
    authorEmail: row.authorEmail,
    hidden: row.hiddenAt !== null,
  };
}

/** The average (two decimals, as the product row keeps it), count and 5-to-1 distribution. */
export function toReviewSummary(stars: Map<number, number>): ReviewSummary {
  const distribution = REVIEW_STARS.map((star) => ({ stars: star, count: stars.get(star) ?? 0 }));
  const count = distribution.reduce((sum, row) => sum + row.count, 0);
  const total = distribution.reduce((sum, row) => sum + row.stars * row.count, 0);
  return {
    average: count === 0 ? 0 : Math.round((total / count) * 100) / 100,
    count,
    distribution,
  };
}
