import type { FastifyInstance } from 'fastify';
import { sendContactMessage, subscribeNewsletter } from '#contract';
import { route } from '#server/lib/route.ts';
import type { MessagesService } from './messages.service.ts';

/** Anyone may write without signing in, so each client gets a few calls a minute. */
export const MESSAGES_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

export function messagesRoutes(messages: MessagesService) {
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
  };
}
