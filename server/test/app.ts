import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/env.ts';
import type { Database, DatabaseHandle } from '#server/db/client.ts';
import type { PaymentProvider } from '#server/features/payments/payment-provider.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface TestAppOptions
  extends Pick<AppDependencies, 'logStream' | 'readableLog' | 'serveWebApp'> {
  /** The card gateway, or how to make it on the app's database (the test gateway keeps cards there). */
  paymentProvider?: PaymentProvider | ((db: Database) => PaymentProvider) | undefined;
  /** Environment variables on top of the test defaults, e.g. RATE_LIMIT_PER_MINUTE or WEB_ROOT. */
  env?: Record<string, string>;
}

/**
 * The real app on its own fresh database, for `app.inject` calls; a test may
 * plug in parts. Silent, unless the test reads the log (at info, or the
 * LOG_LEVEL its env gives) from a stream.
 */
export async function createTestApp({
  env,
  paymentProvider,
  ...parts
}: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  // Backups an admin makes (the API surface tests call every admin endpoint) go to a folder of the app's own.
  const backupDir = mkdtempSync(join(tmpdir(), 'shop-test-backups-'));
  const config = loadConfig({
    BACKUP_DIR: backupDir,
    NODE_ENV: 'test',
    // Sign-ups are most tests' first step; the OWASP cost has its own tests (passwords.test.ts).
    PASSWORD_HASH_COST: 'test',
    // Every test signs up from 127.0.0.1; the limit has its own test (auth.api.test.ts).
    SIGNUP_LIMIT_PER_HOUR: '1000000',
    LOG_LEVEL: parts.logStream ? 'info' : 'silent',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    paymentProvider:
      typeof paymentProvider === 'function' ? paymentProvider(database.db) : paymentProvider,
    ...parts,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(backupDir, { recursive: true, force: true });
    },
  };
}
