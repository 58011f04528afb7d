import { createReadStream, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS, PGLITE_FOLDER } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { compatibleSql } from './dump.ts';

export interface RestoreOptions {
  /** A backup: gzip of plain SQL (a .sql.gz), or the plain SQL itself. */
  from: string;
  /** The target: DATABASE_URL when set, else the embedded database in DATA_DIR. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Empties a target that holds data first, instead of refusing it. */
  force: boolean;
}

/**
 * Loads a backup into an empty database (decision 034): the shop then starts
 * on it, its migrations table saying which migrations it has. A target that
 * holds anything is refused unless `force` empties it; on any failure the
 * target is left empty, never half loaded.
 */
export async function restoreBackup(options: RestoreOptions): Promise<void> {
  const sql = await readBackup(options.from);
  if (options.databaseUrl) await restoreIntoPostgres(options.databaseUrl, sql, options.force);
  else await restoreIntoPglite(options.dataDir, sql, options.force);
}

async function readBackup(path: string): Promise<string> {
  if (!existsSync(path)) throw new Error(`No backup file at ${path}`);
  const file = createReadStream(path);
  const gzipped = path.endsWith('.gz');
  const plain: Readable = gzipped ? file.pipe(createGunzip()) : file;
  file.on('error', (error) => plain.destroy(error));
  return text(plain.pipe(compatibleSql()));
}

const NOT_EMPTY =
  'The target database is not empty: restore into an empty one, or add --force to delete what it holds first';

async function restoreIntoPglite(dataDir: string, sql: string, force: boolean): Promise<void> {
  // Refuses while a shop (or anything else) holds the folder.
  const unlock = await lockDataDir(dataDir);
  try {
    const folder = join(dataDir, PGLITE_FOLDER);
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      if (!force) throw new Error(NOT_EMPTY);
      rmSync(folder, { recursive: true, force: true });
    }
    try {
      const client = await PGlite.create(folder, { extensions: PGLITE_EXTENSIONS });
      try {
        await client.exec(inOneTransaction(sql));
      } finally {
        await client.close();
      }
    } catch (error) {
      rmSync(folder, { recursive: true, force: true });
      throw error;
    }
  } finally {
    unlock();
  }
}

async function restoreIntoPostgres(url: string, sql: string, force: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (!(await isEmptyPostgres(client))) {
      if (!force) throw new Error(NOT_EMPTY);
      await client.query(EMPTY_POSTGRES);
    }
    // One simple query: its statements run in one transaction, all or nothing.
    await client.query(inOneTransaction(sql));
  } finally {
    await client.end();
  }
}

/** Empty means nothing of the shop's: no table, view, sequence, function or extension outside the system's schemas. */
async function isEmptyPostgres(client: pg.Client): Promise<boolean> {
  const result = await client.query<{ found: boolean }>(`
    select exists (
      select 1 from pg_namespace n
      where n.nspname not in ('public', 'information_schema')
        and n.nspname not like 'pg\\_%'
    ) or exists (
      select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
    ) or exists (
      select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
    ) or exists (
      select 1 from pg_extension where extname <> 'plpgsql'
    ) as found`);
  return result.rows[0]?.found === false;
}

/** What --force deletes on PostgreSQL: the shop's schemas and all they hold. */
const EMPTY_POSTGRES = `
  drop schema if exists drizzle cascade;
  drop schema public cascade;
  create schema public;`;

function inOneTransaction(sql: string): string {
  return `BEGIN;\n${sql}\nCOMMIT;\n`;
}
