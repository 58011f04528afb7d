import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { onFirstUse } from '#server/lib/on-first-use.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { dumpPglite, dumpPostgres } from './dump.ts';
import { rowsOf } from './rows.ts';

/** A database or a transaction on it: repositories accept either. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Applies the committed SQL migrations; safe to run on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The whole database as plain SQL that psql loads (backups, decision 034). */
  dump(): Promise<Readable>;
  /**
   * Subscribes to a NOTIFY channel: PGlite delivers in-process at commit,
   * PostgreSQL on a dedicated connection that reconnects. The listener hears
   * whether it is subscribed, since notifications sent while it was not are lost.
   */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
}

export interface NotificationListener {
  notified(payload: string): void;
  subscribed(up: boolean): void;
}

const RELISTEN_DELAY_MS = 1_000;

/**
 * Each database's driver (and drizzle's for it) loads when the shop opens that
 * database, so a shop on PostgreSQL never loads PGlite and one on PGlite never
 * loads pg (decision 076).
 */
const loadPglite = onFirstUse(async () => {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, drizzle, migrate };
});

const loadPostgres = onFirstUse(async () => {
  const [{ default: driver }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  return { driver, drizzle, migrate };
});

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
const DRIZZLE_OPTIONS = { casing: 'snake_case' } as const;

/** The journal's newest migration: drizzle records its `when` as the applied row's created_at. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether a migration is left to apply, in one query: drizzle's migrator
 * creates its schema and table, reads and hashes every migration file and
 * opens a transaction on every start (issue 30). A database never migrated
 * has no such table, and the query fails.
 */
async function migrationsPending(db: Database): Promise<boolean> {
  try {
    const [applied] = rowsOf<{ newest: string | number | null }>(
      await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`),
    );
    return Number(applied?.newest ?? 0) < newestMigrationMillis();
  } catch {
    return true;
  }
}

/** The embedded database's folder inside DATA_DIR. */
export const PGLITE_FOLDER = 'pglite';

/** The extensions PGlite must load on every open, or writes to a trigram index fail. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGlite's shared_buffers (PGLITE_SHARED_BUFFERS_MB); its own 128 MB when left out. */
  pgliteSharedBuffersMb?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const unlock = await lockDataDir(options.dataDir);
  const { pgliteSharedBuffersMb: sharedBuffersMb } = options;
  try {
    const { PGlite } = await loadPglite();
    const client = await PGlite.create(join(options.dataDir, PGLITE_FOLDER), {
      extensions: PGLITE_EXTENSIONS,
      // PGlite's buffers are process memory, all of it resident from the start; the
      // operating system caches the data files besides (issue 30).
      ...(sharedBuffersMb !== undefined && {
        startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
      }),
    });
    return await wrapPglite(client, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Wraps an open PGlite (a data folder, or memory in tests). */
export async function wrapPglite(client: PGlite, onClose?: () => void): Promise<DatabaseHandle> {
  const { drizzle, migrate } = await loadPglite();
  const db = drizzle(client, DRIZZLE_OPTIONS);
  return {
    kind: 'pglite',
    db,
    migrate: async () => {
      if (await migrationsPending(db)) await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close: async () => {
      await client.close();
      onClose?.();
    },
    dump: () => dumpPglite(client),
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, (payload) => listener.notified(payload));
      listener.subscribed(true);
      return async () => {
        listener.subscribed(false);
        // A closed database has dropped its listeners already; asking it again throws.
        if (!client.closed) await unlisten();
      };
    },
  };
}

export async function openPostgres(
  connectionString: string,
  poolSize = 10,
): Promise<DatabaseHandle> {
  const { driver, drizzle, migrate } = await loadPostgres();
  const pool = new driver.Pool({
    connectionString,
    max: poolSize,
  });
  let ending = false;
  // A connection that dies (a server restart or crash) is dropped and replaced
  // on the next query. The pool listens to its idle connections only; one
  // checked out for a transaction that dies emits 'error' too, and without a
  // listener of its own would crash the process (issue 23). Each connection
  // gets one for its life; the query it was running fails and answers 503.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!ending) console.warn(`PostgreSQL connection lost: ${error.message}`);
    });
  });
  // The pool repeats an idle connection's error, which the connection's own listener logged.
  pool.on('error', () => {});
  const db = drizzle(pool, DRIZZLE_OPTIONS);
  return {
    kind: 'postgres',
    db,
    migrate: async () => {
      if (!(await migrationsPending(db))) return;
      // Several processes may start at once on one database: one migrates, the
      // others wait on the lock, on the same connection that then migrates.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', ['shop:migrate']);
        await migrate(drizzle(client, DRIZZLE_OPTIONS), {
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
    dump: () => dumpPostgres(connectionString),
    listen: async (channel, listener) =>
      listenPostgres(driver, connectionString, channel, listener),
  };
}

/** LISTEN on a connection of its own (a pooled one would be handed to queries), reconnecting while not stopped. */
async function listenPostgres(
  driver: typeof pg,
  connectionString: string,
  channel: string,
  listener: NotificationListener,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = (error?: Error) => {
    if (stopped || !client) return;
    if (error) console.warn(`PostgreSQL LISTEN connection lost: ${error.message}`);
    listener.subscribed(false);
    client.removeAllListeners();
    client.on('error', () => {});
    void client.end().catch(() => {});
    client = undefined;
    retry = setTimeout(() => void connect().catch(() => lost()), RELISTEN_DELAY_MS);
  };

  async function connect(): Promise<void> {
    const next = new driver.Client({ connectionString });
    client = next;
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === channel) listener.notified(message.payload ?? '');
    });
    await next.connect();
    await next.query(`LISTEN ${driver.escapeIdentifier(channel)}`);
    if (!stopped && client === next) listener.subscribed(true);
  }

  // Down at start is like lost later: the watcher checks the version meanwhile.
  await connect().catch(lost);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    listener.subscribed(false);
    await client?.end();
  };
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
