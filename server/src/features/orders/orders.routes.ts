import type { FastifyInstance } from 'fastify';
import { cancelOrder, checkout, getOrder, listOrders } from '#contract';
import { route } from '#server/lib/route.ts';
import type { OrdersService } from './orders.service.ts';

export function ordersRoutes(orders: OrdersService) {
  return async (app: FastifyInstance) => {
    route(
      app,
      checkout,
      ({ user, body, headers }) => orders.checkout(user, body, headers['idempotency-key']),
      {
        status: 201,
      },
    );
    route(app, listOrders, ({ user }) => orders.listOrders(user.id));
    route(app, getOrder, ({ user, params }) => orders.getOrder(user.id, params.id));
    route(app, cancelOrder, ({ user, params }) => orders.cancelOrder(user, params.id));
  };
}
