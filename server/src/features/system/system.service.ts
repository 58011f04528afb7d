import type { Health } from '#contract';
import { type DatabaseHandle, ping } from '#server/db/client.ts';

/** The health check: answers only once the database answers a query. */
export function createSystemService(database: DatabaseHandle) {
  return {
    async getHealth(): Promise<Health> {
      await ping(database.db);
      return { status: 'ok', database: database.kind };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
