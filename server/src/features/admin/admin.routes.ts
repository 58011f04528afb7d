import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportNewsletterSubscribers,
  FailureEnvelopeSchema,
  getAdminDashboard,
  listContactMessages,
  listNewsletterSubscribers,
  setContactMessageHandled,
  uploadAdminImage,
} from '#contract';
import { acceptImageBodies } from '#server/features/media/image-body.ts';
import { shopDayPlus } from '#server/lib/dates.ts';
import { authenticateFor, route } from '#server/lib/route.ts';
import type { AdminService } from './admin.service.ts';
import { type AdminImagesService, PRODUCT_IMAGE_LIMITS } from './admin-images.service.ts';

/**
 * The upload takes a file's raw bytes (no multipart), up to 5 MB: its own
 * body parsers and limit live in this child context, so every other route
 * keeps JSON only and the 1 MiB limit.
 */
function imageUploadRoutes(images: AdminImagesService) {
  return async (app: FastifyInstance) => {
    acceptImageBodies(app, PRODUCT_IMAGE_LIMITS);
    route(app, uploadAdminImage, ({ request }) => images.uploadImage(request.body as Buffer), {
      status: 201,
    });
  };
}

/** The shop owner's API (D25): route() answers 401/403 to everyone but an admin. */
export function adminRoutes(admin: AdminService) {
  return async (app: FastifyInstance) => {
    const { dashboard, messages } = admin;
    route(app, getAdminDashboard, () => dashboard.getDashboard());

    await app.register(imageUploadRoutes(admin.images));

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
