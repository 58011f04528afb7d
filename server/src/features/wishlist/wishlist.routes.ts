import type { FastifyInstance } from 'fastify';
import {
  addWishlistItem,
  confirmStockAlert,
  createStockAlert,
  getWishlist,
  mergeWishlist,
  removeWishlistItem,
} from '#contract';
import { route } from '#server/lib/route.ts';
import type { StockAlertsService } from './stock-alerts.service.ts';
import type { WishlistService } from './wishlist.service.ts';

/** Requests to be told of a restock, per client per minute: each may lead to an email. */
const STOCK_ALERTS_PER_MINUTE = 20;

export function wishlistRoutes(wishlist: WishlistService, stockAlerts: StockAlertsService) {
  return async (app: FastifyInstance) => {
    route(app, getWishlist, ({ user }) => wishlist.getWishlist(user.id));
    route(app, addWishlistItem, ({ user, body }) => wishlist.addWishlistItem(user.id, body), {
      status: 201,
    });
    route(app, removeWishlistItem, ({ user, params }) =>
      wishlist.removeWishlistItem(user.id, params.id),
    );
    route(app, mergeWishlist, ({ user, body }) => wishlist.mergeWishlist(user.id, body));
    route(
      app,
      createStockAlert,
      ({ user, params, body }) => stockAlerts.createStockAlert(user, params.id, body),
      { status: 201, rateLimit: { max: STOCK_ALERTS_PER_MINUTE, timeWindow: '1 minute' } },
    );
    route(app, confirmStockAlert, ({ body }) => stockAlerts.confirmStockAlert(body), {
      rateLimit: { max: STOCK_ALERTS_PER_MINUTE, timeWindow: '1 minute' },
    });
  };
}
