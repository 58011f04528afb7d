import type { FastifyInstance } from 'fastify';
import { deleteSavedCard, getPaymentOptions, listSavedCards, type PaymentOptions } from '#contract';
import { route } from '#server/lib/route.ts';
import type { PaymentsService } from './payments.service.ts';

/** `options`: how checkout may take payment, from the configuration (issue 25). */
export function paymentsRoutes(payments: PaymentsService, options: PaymentOptions) {
  return async (app: FastifyInstance) => {
    route(app, getPaymentOptions, () => Promise.resolve(options));
    route(app, listSavedCards, ({ user }) => payments.listCards(user.id));
    route(app, deleteSavedCard, ({ user, params }) => payments.removeCard(user.id, params.id));
  };
}
