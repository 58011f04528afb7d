import type { FastifyInstance } from 'fastify';
import {
  createAdminCoupon,
  deleteAdminCoupon,
  listAdminCoupons,
  updateAdminCoupon,
} from '#contract';
import { route } from '#server/lib/route.ts';
import type { PromotionsService } from './promotions.service.ts';

/** The owner's coupons (issue 27): route() answers 401/403 to everyone but an admin. */
export function promotionsRoutes(promotions: PromotionsService) {
  return async (app: FastifyInstance) => {
    route(app, listAdminCoupons, () => promotions.listCoupons());
    route(app, createAdminCoupon, ({ body }) => promotions.createCoupon(body), { status: 201 });
    route(app, updateAdminCoupon, ({ params, body }) => promotions.updateCoupon(params.code, body));
    route(app, deleteAdminCoupon, async ({ params }) => {
      await promotions.deleteCoupon(params.code);
      return null;
    });
  };
}
