import type { FastifyInstance } from 'fastify';
import {
  createProductReview,
  deleteMyProductReview,
  getMyProductReview,
  hideAdminReview,
  listAdminReviews,
  listProductReviews,
  restoreAdminReview,
  updateMyProductReview,
} from '#contract';
import { route } from '#server/lib/route.ts';
import type { ReviewsService } from './reviews.service.ts';

export function reviewsRoutes(reviews: ReviewsService) {
  return async (app: FastifyInstance) => {
    route(app, listProductReviews, ({ params, query }) =>
      reviews.listProductReviews(params.id, query),
    );
    route(app, getMyProductReview, ({ params, user }) => reviews.getMyReview(user, params.id));
    route(
      app,
      createProductReview,
      ({ params, body, user }) => reviews.createReview(user, params.id, body),
      { status: 201 },
    );
    route(app, updateMyProductReview, ({ params, body, user }) =>
      reviews.updateReview(user, params.id, body),
    );
    route(app, deleteMyProductReview, async ({ params, user }) => {
      await reviews.deleteReview(user, params.id);
      return null;
    });
    route(app, listAdminReviews, ({ query }) => reviews.listAdminReviews(query));
    route(app, hideAdminReview, ({ params }) => reviews.setHidden(params.id, true));
    route(app, restoreAdminReview, ({ params }) => reviews.setHidden(params.id, false));
  };
}
