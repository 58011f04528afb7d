import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';

/** A database or a transaction on it: repositories accept either. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Applies the committed SQL migrations; safe to run on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
const DRIZZLE_OPTIONS = { casing: 'snake_case' } as const;

/** The extensions PGlite must load on every open, or writes to a trigram index fail. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const unlock = await lockDataDir(options.dataDir);
  try {
    const client = await PGlite.create(join(options.dataDir, 'pglite'), {
      extensions: PGLITE_EXTENSIONS,
    });
    return wrapPglite(client, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Wraps an open PGlite (a data folder, or memory in tests). */
export function wrapPglite(client: PGlite, onClose?: () => void): DatabaseHandle {
  const db = drizzlePglite(client, DRIZZLE_OPTIONS);
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      await client.close();
      onClose?.();
    },
  };
}

export function openPostgres(connectionString: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
  });
  let ending = false;
  // A pooled connection that dies while idle (a server restart) is dropped and
  // replaced on the next query; without a listener it would crash the process.
  pool.on('error', (error) => {
    if (!ending) console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzleNodePg(pool, DRIZZLE_OPTIONS);
  return {
    kind: 'postgres',
    db,
    migrate: async () => {
      // Several processes may start at once on one database: one migrates, the
      // others wait on the lock, on the same connection that then migrates.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', ['shop:migrate']);
        await migrateNodePg(drizzleNodePg(client, DRIZZLE_OPTIONS), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['shop:migrate']);
        client.release();
      }
    },
    close: () => {
      ending = true;
      return pool.end();
    },
  };
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
