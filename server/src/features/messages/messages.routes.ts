import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportNewsletterSubscribers,
  FailureEnvelopeSchema,
  listContactMessages,
  listNewsletterSubscribers,
  sendContactMessage,
  setContactMessageHandled,
  subscribeNewsletter,
} from '#contract';
import { shopDayPlus } from '#server/lib/dates.ts';
import { authenticateFor, route } from '#server/lib/route.ts';
import type { AdminMessagesService } from './admin-messages.service.ts';
import type { MessagesService } from './messages.service.ts';

/** Anyone may write without signing in, so each client gets a few calls a minute. */
export const MESSAGES_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

/** Shoppers' messages and subscriptions, and the owner's lists of them (D25): route() answers 401/403 to everyone but an admin on those. */
export function messagesRoutes(messages: MessagesService, adminMessages: AdminMessagesService) {
  return async (app: FastifyInstance) => {
    const options = { status: 201, rateLimit: MESSAGES_RATE_LIMIT } as const;
    route(
      app,
      sendContactMessage,
      async ({ body }) => {
        await messages.sendContactMessage(body);
        return null;
      },
      options,
    );
    route(
      app,
      subscribeNewsletter,
      async ({ body }) => {
        await messages.subscribeNewsletter(body);
        return null;
      },
      options,
    );

    route(app, listContactMessages, ({ query }) => adminMessages.listContactMessages(query));
    route(app, setContactMessageHandled, ({ params, body }) =>
      adminMessages.setContactMessageHandled(params.id, body),
    );
    route(app, listNewsletterSubscribers, ({ query }) =>
      adminMessages.listNewsletterSubscribers(query),
    );

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
        const file = await adminMessages.exportNewsletterSubscribers();
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
