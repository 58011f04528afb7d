import type { FastifyInstance } from 'fastify';
import {
  closeGroupOrder,
  createGroupOrder,
  deleteGroupEntry,
  getGroupEntry,
  getGroupOrder,
  groupPiecesToCart,
  joinGroupOrder,
  payGroupEntry,
  updateGroupEntry,
  updateGroupOrder,
} from '#contract';
import { createRepeatingTask } from '#server/lib/repeating-task.ts';
import { route } from '#server/lib/route.ts';
import type { GroupOrdersService } from './group-orders.service.ts';

/**
 * Joining is public, so each client address is limited (counted across
 * processes); a team often joins from one college or office network, so the
 * limit is a whole team's a minute.
 */
export const GROUP_JOIN_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

export function groupOrdersRoutes(groups: GroupOrdersService, sweepEveryMs: number) {
  return async (app: FastifyInstance) => {
    route(app, createGroupOrder, ({ user, body }) => groups.createGroupOrder(user.id, body), {
      status: 201,
    });
    route(app, getGroupOrder, ({ user, params }) => groups.getGroupOrder(params.token, user?.id));
    route(app, updateGroupOrder, ({ user, params, body }) =>
      groups.updateGroupOrder(user.id, params.token, body),
    );
    route(app, closeGroupOrder, ({ user, params }) =>
      groups.closeGroupOrder(user.id, params.token),
    );
    route(app, groupPiecesToCart, ({ user, params }) => groups.piecesToCart(user.id, params.token));
    route(app, joinGroupOrder, ({ params, body }) => groups.joinGroupOrder(params.token, body), {
      status: 201,
      rateLimit: GROUP_JOIN_RATE_LIMIT,
    });
    route(app, payGroupEntry, ({ params, headers, body }) =>
      groups.payGroupEntry(params.token, params.entryId, headers['x-entry-token'], body),
    );
    route(app, getGroupEntry, ({ user, params, headers }) =>
      groups.getGroupEntry(params.token, params.entryId, {
        userId: user?.id,
        entryToken: headers['x-entry-token'],
      }),
    );
    route(app, updateGroupEntry, ({ user, params, headers, body }) =>
      groups.updateGroupEntry(
        params.token,
        params.entryId,
        { userId: user?.id, entryToken: headers['x-entry-token'] },
        body,
      ),
    );
    route(app, deleteGroupEntry, async ({ user, params, headers }) => {
      await groups.deleteGroupEntry(params.token, params.entryId, {
        userId: user?.id,
        entryToken: headers['x-entry-token'],
      });
      return null;
    });

    // Every process sweeps; the database settles which one closes each group (decision 060).
    const sweep = createRepeatingTask(() => groups.sweep(), {
      intervalMs: sweepEveryMs,
      onError: (error) => app.log.error({ err: error }, 'The group order sweep failed a round'),
    });
    app.addHook('onReady', async () => sweep.start());
    app.addHook('onClose', async () => sweep.stop());
  };
}
