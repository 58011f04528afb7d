import type { FastifyInstance } from 'fastify';
import {
  confirmNewsletter,
  exportNewsletterSubscribers,
  listContactMessages,
  listNewsletterSubscribers,
  sendContactMessage,
  setContactMessageHandled,
  subscribeNewsletter,
} from '#contract';
import { shopDayPlus } from '#server/lib/dates.ts';
import { fileRoute, route } from '#server/lib/route.ts';
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
    route(
      app,
      confirmNewsletter,
      async ({ body }) => {
        await messages.confirmNewsletter(body);
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

    fileRoute(app, exportNewsletterSubscribers, async () => ({
      body: await adminMessages.exportNewsletterSubscribers(),
      contentType: 'text/csv; charset=utf-8',
      fileName: `newsletter-subscribers-${shopDayPlus(new Date(), 0)}.csv`,
    }));
  };
}
