import type { FastifyInstance } from 'fastify';
import {
  approveReturn,
  listAdminReturns,
  listOrderReturns,
  receiveReturn,
  rejectReturn,
  requestReturn,
} from '#contract';
import { route } from '#server/lib/route.ts';
import type { ReturnsService } from './returns.service.ts';

/** Returns and exchanges (D31): the shopper's two calls, and the owner's list and steps (D25). */
export function returnsRoutes(returns: ReturnsService) {
  return async (app: FastifyInstance) => {
    route(
      app,
      requestReturn,
      ({ user, params, body }) => returns.requestReturn(user, params.id, body),
      {
        status: 201,
      },
    );
    route(app, listOrderReturns, ({ user, params }) =>
      returns.listOrderReturns(user.id, params.id),
    );

    route(app, listAdminReturns, ({ query }) => returns.listAdminReturns(query));
    route(app, approveReturn, ({ user, params, body }) =>
      returns.approveReturn(user, params.id, body),
    );
    route(app, receiveReturn, ({ user, params }) => returns.receiveReturn(user, params.id));
    route(app, rejectReturn, ({ user, params, body }) =>
      returns.rejectReturn(user, params.id, body),
    );
  };
}
