import type { FastifyInstance } from 'fastify';
import { deleteSavedCard, listSavedCards } from '#contract';
import { route } from '#server/lib/route.ts';
import type { PaymentsService } from './payments.service.ts';

export function paymentsRoutes(payments: PaymentsService) {
  return async (app: FastifyInstance) => {
    route(app, listSavedCards, ({ user }) => payments.listCards(user.id));
    route(app, deleteSavedCard, ({ user, params }) => payments.removeCard(user.id, params.id));
  };
}
