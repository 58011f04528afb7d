import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, PGLITE_EXTENSIONS, wrapPglite } from '#server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase:
      | { kind: 'pglite'; templateFile: string }
      | { kind: 'postgres'; url: string; template: string };
  }
}

const MIGRATIONS = new URL('../drizzle/', import.meta.url);

/** Changes whenever a migration does, so a stale template is never reused. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(new URL(file, MIGRATIONS)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrates one template database before any test runs; every test file then
 * starts from a copy of it (PGlite ~0.7 s from a dump, PostgreSQL instantly
 * with CREATE DATABASE ... TEMPLATE) instead of migrating again.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DB;
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is needed for the api-postgres tests');
    const template = `shop_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (exists.rowCount === 0) {
        // Built under another name and renamed when complete, so an interrupted
        // run never leaves a half-migrated template behind.
        const building = `${template}_building_${process.pid}`;
        await admin.query(`drop database if exists ${building}`);
        await admin.query(`create database ${building}`);
        const database = await openPostgres(withDatabase(url, building), 1);
        await database.migrate();
        await database.close();
        await admin.query(`alter database ${building} rename to ${template}`);
      }
    } finally {
      await admin.end();
    }
    project.provide('testDatabase', { kind: 'postgres', url, template });
    return;
  }

  const templateFile = join(tmpdir(), `shop-test-template-${migrationsHash()}.tar`);
  if (!existsSync(templateFile)) {
    const database = await wrapPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide('testDatabase', { kind: 'pglite', templateFile });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
