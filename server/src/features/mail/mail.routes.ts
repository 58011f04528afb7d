import type { FastifyInstance } from 'fastify';
import { getOutboxMessage, listOutbox } from '#contract';
import { route } from '#server/lib/route.ts';
import type { MailService } from './mail.service.ts';

/** The owner's outbox (D29): every email, sent or held, as it was rendered. */
export function mailRoutes(mail: MailService) {
  return async (app: FastifyInstance) => {
    route(app, listOutbox, ({ query }) => mail.listOutbox(query));
    route(app, getOutboxMessage, ({ params }) => mail.getOutboxMessage(params.id));
  };
}
