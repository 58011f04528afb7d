import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createAdminProduct,
  deleteAdminProduct,
  exportNewsletterSubscribers,
  FailureEnvelopeSchema,
  getAdminDashboard,
  getAdminOrder,
  getAdminProduct,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  listAdminOrders,
  listAdminProducts,
  listContactMessages,
  listNewsletterSubscribers,
  restoreAdminProduct,
  setAdminOrderStatus,
  setContactMessageHandled,
  updateAdminProduct,
  uploadAdminImage,
} from '#contract';
import { SVG_REFUSED } from '#server/features/media/image-upload.ts';
import { AppError } from '#server/lib/app-error.ts';
import { shopDayPlus } from '#server/lib/dates.ts';
import { authenticateFor, route } from '#server/lib/route.ts';
import type { AdminService } from './admin.service.ts';
import {
  type AdminImagesService,
  imageTooLargeError,
  wrongContentType,
} from './admin-images.service.ts';

/**
 * Reads an image upload's bytes, refusing past 5 MB without reading further
 * (a larger Content-Length is refused before a byte is read).
 */
async function readImageBody(request: FastifyRequest, payload: IncomingMessage): Promise<Buffer> {
  if (Number(request.headers['content-length']) > IMAGE_MAX_BYTES) throw imageTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    size += (chunk as Buffer).length;
    if (size > IMAGE_MAX_BYTES) throw imageTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Any other body is refused unread, with what to send instead. */
async function refuseBody(request: FastifyRequest): Promise<never> {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  throw new AppError(
    'unsupported_media_type',
    type === 'image/svg+xml' ? SVG_REFUSED : wrongContentType(type),
  );
}

/**
 * The upload takes a file's raw bytes (no multipart), up to 5 MB: its own
 * body parsers and limit live in this child context, so every other route
 * keeps JSON only and the 1 MiB limit.
 */
function imageUploadRoutes(images: AdminImagesService) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser([...IMAGE_TYPES], readImageBody);
    app.addContentTypeParser('*', refuseBody);
    route(app, uploadAdminImage, ({ request }) => images.uploadImage(request.body as Buffer), {
      status: 201,
    });
  };
}

/** The shop owner's API (D25): route() answers 401/403 to everyone but an admin. */
export function adminRoutes(admin: AdminService) {
  return async (app: FastifyInstance) => {
    const { dashboard, products, orders, messages } = admin;
    route(app, getAdminDashboard, () => dashboard.getDashboard());

    route(app, listAdminProducts, ({ query }) => products.listProducts(query));
    route(app, getAdminProduct, ({ params }) => products.getProduct(params.id));
    route(app, createAdminProduct, ({ body }) => products.createProduct(body), { status: 201 });
    route(app, updateAdminProduct, ({ params, body }) => products.updateProduct(params.id, body));
    route(app, deleteAdminProduct, ({ params }) => products.deleteProduct(params.id));
    route(app, restoreAdminProduct, ({ params }) => products.restoreProduct(params.id));
    await app.register(imageUploadRoutes(admin.images));

    route(app, listAdminOrders, ({ query }) => orders.listOrders(query));
    route(app, getAdminOrder, ({ params }) => orders.getOrder(params.id));
    route(app, setAdminOrderStatus, ({ user, params, body }) =>
      orders.setOrderStatus(user, params.id, body),
    );

    route(app, listContactMessages, ({ query }) => messages.listContactMessages(query));
    route(app, setContactMessageHandled, ({ params, body }) =>
      messages.setContactMessageHandled(params.id, body),
    );
    route(app, listNewsletterSubscribers, ({ query }) => messages.listNewsletterSubscribers(query));

    // A file, not the JSON envelope: registered by hand, with route()'s own auth check.
    const csv = exportNewsletterSubscribers;
    app.withTypeProvider<ZodTypeProvider>().route({
      method: csv.method,
      url: csv.path,
      schema: {
        operationId: csv.name,
        tags: [csv.tag],
        summary: csv.summary,
        security: [{ bearerAuth: [] }],
        response: {
          200: {
            description: 'The CSV file, as an attachment',
            content: { [`${csv.produces}`]: { schema: z.string() } },
          },
          '4xx': FailureEnvelopeSchema,
          '5xx': FailureEnvelopeSchema,
        },
      },
      onRequest: authenticateFor(csv.auth),
      handler: async (_request, reply) => {
        const file = await messages.exportNewsletterSubscribers();
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="newsletter-subscribers-${shopDayPlus(new Date(), 0)}.csv"`,
          )
          .header('cache-control', 'no-store')
          .send(file);
      },
    });
  };
}
