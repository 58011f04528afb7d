import type { FastifyInstance } from 'fastify';
import {
  deleteSavedCard,
  getPaymentOptions,
  getRefundAccount,
  listRefundsToPay,
  listSavedCards,
  markRefundPaid,
  type PaymentOptions,
  setRefundAccount,
} from '#contract';
import { route } from '#server/lib/route.ts';
import type { PaymentsService } from './payments.service.ts';
import type { RefundsToPayService } from './refunds-to-pay.service.ts';

/** `options`: how checkout may take payment, from the configuration (issue 25). */
export function paymentsRoutes(
  payments: PaymentsService,
  refundsToPay: RefundsToPayService,
  options: PaymentOptions,
) {
  return async (app: FastifyInstance) => {
    route(app, getPaymentOptions, () => Promise.resolve(options));
    route(app, listSavedCards, ({ user }) => payments.listCards(user.id));
    route(app, deleteSavedCard, ({ user, params }) => payments.removeCard(user.id, params.id));

    // Refunds of cash orders, paid by hand (issue 25): the shopper's account, the owner's list.
    route(app, getRefundAccount, ({ user, params }) =>
      refundsToPay.getRefundAccount(user.id, params.id),
    );
    route(app, setRefundAccount, ({ user, params, body }) =>
      refundsToPay.setRefundAccount(user.id, params.id, body),
    );
    route(app, listRefundsToPay, ({ query }) => refundsToPay.listRefundsToPay(query));
    route(app, markRefundPaid, ({ user, params, body }) =>
      refundsToPay.markRefundPaid(user.id, params.id, body),
    );
  };
}
