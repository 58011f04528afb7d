import type { FastifyInstance } from 'fastify';
import {
  cancelOrder,
  checkout,
  downloadPrintFile,
  downloadPrintFiles,
  getAdminOrder,
  getOrder,
  listAdminOrders,
  listOrders,
  payOrder,
  RAZORPAY_WEBHOOK_PATH,
  setAdminOrderStatus,
} from '#contract';
import { fileRoute, route } from '#server/lib/route.ts';
import type { AdminOrdersService } from './admin-orders.service.ts';
import type { OrdersService } from './orders.service.ts';

/** The shopper's orders, and the owner's (D25): route() answers 401/403 to everyone but an admin on those. */
export function ordersRoutes(orders: OrdersService, adminOrders: AdminOrdersService) {
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
    route(app, payOrder, ({ user, params, body }) => orders.payOrder(user, params.id, body));

    // Razorpay's webhook (issue 25): its signature is over the raw body, so this route alone
    // reads JSON as bytes, in a scope of its own; it answers the envelope with no result.
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer' },
        (_request, body, done) => done(null, body),
      );
      webhook.post(RAZORPAY_WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await orders.handleRazorpayWebhook(
          body,
          header('x-razorpay-signature'),
          header('x-razorpay-event-id'),
        );
        return reply.send({ success: true, result: null });
      });
    });

    route(app, listAdminOrders, ({ query }) => adminOrders.listOrders(query));
    route(app, getAdminOrder, ({ params }) => adminOrders.getOrder(params.id));
    route(app, setAdminOrderStatus, ({ user, params, body }) =>
      adminOrders.setOrderStatus(user, params.id, body),
    );

    // The print file (D27): a PNG, not the JSON envelope.
    fileRoute(app, downloadPrintFile, async ({ params }) => {
      const { png, fileName } = await adminOrders.getPrintFile(
        params.id,
        params.itemId,
        params.side,
      );
      return { body: png, contentType: 'image/png', fileName };
    });
    // All of an order's print files, as the queue made them (decision 059).
    fileRoute(app, downloadPrintFiles, async ({ params }) => {
      const { stream, fileName } = await adminOrders.getPrintFiles(params.id);
      return { body: stream, contentType: 'application/zip', fileName };
    });
  };
}
