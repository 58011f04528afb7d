import {
  type AdminReview,
  type AdminReviewPage,
  type AdminReviewsQuery,
  type MyReview,
  type ProductReviewsPage,
  REVIEW_ALREADY_WRITTEN,
  REVIEW_NOT_ELIGIBLE,
  REVIEW_NOT_FOUND,
  type Review,
  type ReviewBody,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { CatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import type { OrdersService } from '#server/features/orders/orders.service.ts';
import { conflict, forbidden, notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { isUuid } from '#server/lib/ids.ts';
import { pageCount, pageResult, pageWindow } from '#server/lib/paging.ts';
import { toAdminReview, toReview, toReviewSummary } from './reviews.mapper.ts';
import {
  countProductStars,
  deleteUserReview,
  findAdminReviewPage,
  findProductReviewPage,
  findReviewWithAuthor,
  findUserReview,
  insertReview,
  lockProductReviews,
  setReviewHidden,
  updateUserReview,
} from './reviews.repository.ts';

export interface ReviewsDependencies {
  catalogue: CatalogueService;
  orders: Pick<OrdersService, 'hasDeliveredItem'>;
}

const PRODUCT_NOT_FOUND = 'Product not found';

export function createReviewsService(db: Database, { catalogue, orders }: ReviewsDependencies) {
  async function productOnSale(tx: Database, id: string): Promise<string> {
    const product = isUuid(id) ? await catalogue.findProduct(tx, id) : undefined;
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    return product.id;
  }

  /**
   * Writes the product's rating and review count from its visible reviews
   * (D28), in the transaction that changed them, so the listing's rating
   * filter and sort see it in every process at once.
   */
  async function refreshRating(tx: Database, productId: string): Promise<void> {
    await lockProductReviews(tx, productId);
    const { average, count } = toReviewSummary(await countProductStars(tx, productId));
    await catalogue.setRating(tx, productId, { average, count });
  }

  return {
    /** Stores reviews of one product at once and sets its rating (the seed's reviewers). */
    async addReviews(
      tx: Database,
      productId: string,
      list: (ReviewBody & { userId: string; createdAt: Date })[],
    ): Promise<void> {
      for (const review of list) {
        await insertReview(tx, { productId, ...review, updatedAt: review.createdAt });
      }
      await refreshRating(tx, productId);
    },

    async listProductReviews(
      id: string,
      page: { page: number; limit: number },
    ): Promise<ProductReviewsPage> {
      const productId = await productOnSale(db, id);
      const [{ rows, total }, stars] = await Promise.all([
        findProductReviewPage(db, productId, {
          ...pageWindow(page),
        }),
        countProductStars(db, productId),
      ]);
      return {
        results: rows.map((row) => toReview(row, row.authorName)),
        total,
        pages: pageCount(total, page.limit),
        ...page,
        summary: toReviewSummary(stars),
      };
    },

    async getMyReview(user: AuthUser, id: string): Promise<MyReview> {
      const productId = await productOnSale(db, id);
      const review = await findUserReview(db, user.id, productId);
      if (review) return { canReview: false, reason: null, review: toReview(review, user.name) };
      const received = await orders.hasDeliveredItem(db, user.id, productId);
      return { canReview: received, reason: received ? null : REVIEW_NOT_ELIGIBLE, review: null };
    },

    createReview(user: AuthUser, id: string, body: ReviewBody): Promise<Review> {
      return db.transaction(async (tx) => {
        const productId = await productOnSale(tx, id);
        if (!(await orders.hasDeliveredItem(tx, user.id, productId))) {
          throw forbidden(REVIEW_NOT_ELIGIBLE);
        }
        const review = await insertReview(tx, { productId, userId: user.id, ...body });
        if (!review) throw conflict(REVIEW_ALREADY_WRITTEN);
        await refreshRating(tx, productId);
        return toReview(review, user.name);
      });
    },

    updateReview(user: AuthUser, id: string, body: ReviewBody): Promise<Review> {
      return db.transaction(async (tx) => {
        const productId = await productOnSale(tx, id);
        const review = await updateUserReview(tx, user.id, productId, body);
        if (!review) throw notFound(REVIEW_NOT_FOUND);
        await refreshRating(tx, productId);
        return toReview(review, user.name);
      });
    },

    deleteReview(user: AuthUser, id: string): Promise<void> {
      return db.transaction(async (tx) => {
        const productId = await productOnSale(tx, id);
        if (!(await deleteUserReview(tx, user.id, productId))) throw notFound(REVIEW_NOT_FOUND);
        await refreshRating(tx, productId);
      });
    },

    async listAdminReviews(query: AdminReviewsQuery): Promise<AdminReviewPage> {
      const { rows, total } = await findAdminReviewPage(db, query.hidden, {
        ...pageWindow(query),
      });
      return pageResult(rows.map(toAdminReview), total, query);
    },

    /** The owner hides or restores a review (D28): it leaves or rejoins the average. */
    setHidden(id: string, hidden: boolean): Promise<AdminReview> {
      return db.transaction(async (tx) => {
        const review = isUuid(id) ? await setReviewHidden(tx, id, hidden) : undefined;
        if (!review) throw notFound(REVIEW_NOT_FOUND);
        await refreshRating(tx, review.productId);
        const row = await findReviewWithAuthor(tx, review.id);
        if (!row) throw notFound(REVIEW_NOT_FOUND);
        return toAdminReview(row);
      });
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
