import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/env.ts';
import type { Database, DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults, e.g. RATE_LIMIT_PER_MINUTE. */
  env?: Record<string, string>;
  /** Receives the log (at LOG_LEVEL, 'silent' unless env says otherwise). */
  logStream?: Writable;
}

/** The real app on its own fresh database, for `app.inject` calls. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({ config, database, logStream: options.logStream });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
