import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import {
  type DatabaseHandle,
  openPostgres,
  PGLITE_EXTENSIONS,
  wrapPglite,
} from '#server/db/client.ts';
import { withDatabase } from './global-setup.ts';

/**
 * A fresh, migrated database of the kind this test project runs on, shared
 * with no other test file. Closing it throws it away. On PostgreSQL,
 * `connectVia` may send the app's connections another way (a proxy).
 */
export async function createTestDatabase(
  options: { connectVia?: (url: string) => string } = {},
): Promise<DatabaseHandle> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const dump = new Blob([readFileSync(target.templateFile)]);
    const client = await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
    return await wrapPglite(client);
  }

  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(target.url, (admin) =>
    admin.query(`create database ${name} template ${target.template}`),
  );
  const url = withDatabase(target.url, name);
  const database = await openPostgres(options.connectVia ? options.connectVia(url) : url, 4);
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(target.url, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
