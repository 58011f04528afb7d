import type { FastifyInstance } from 'fastify';
import { getHealth } from '#contract';
import { type DatabaseHandle, ping } from '#server/db/client.ts';
import { route } from '#server/lib/route.ts';

export function systemRoutes(database: DatabaseHandle) {
  return async (app: FastifyInstance) => {
    route(app, getHealth, async () => {
      await ping(database.db);
      return { status: 'ok' as const, database: database.kind };
    });
  };
}
