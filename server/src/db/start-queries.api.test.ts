import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, expect, inject, it, vi } from 'vitest';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { type DatabaseHandle, PGLITE_EXTENSIONS, wrapPglite } from './client.ts';
import { seedCatalogueIfEmpty } from './seed/seed.ts';

/**
 * What every start asks of a database that is already migrated and seeded: one
 * query each, not a round of schema checks, locks and transactions (issue 30).
 * Counted on PGlite, whose client is one object to watch.
 */
const target = inject('testDatabase');

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/** The migrated template, and what was asked of it from now on: queries, scripts, transactions. */
async function watchedDatabase(): Promise<{
  database: DatabaseHandle;
  asked: () => Record<'query' | 'exec' | 'transaction', number>;
}> {
  if (target.kind !== 'pglite') throw new Error('Counted on PGlite only');
  const client = await PGlite.create({
    loadDataDir: new Blob([readFileSync(target.templateFile)]),
    extensions: PGLITE_EXTENSIONS,
  });
  database = await wrapPglite(client);
  const spies = {
    query: vi.spyOn(client, 'query'),
    exec: vi.spyOn(client, 'exec'),
    transaction: vi.spyOn(client, 'transaction'),
  };
  return {
    database,
    asked: () => ({
      query: spies.query.mock.calls.length,
      exec: spies.exec.mock.calls.length,
      transaction: spies.transaction.mock.calls.length,
    }),
  };
}

it.runIf(target.kind === 'pglite')(
  'a start on a database with every migration applied asks one query and applies nothing',
  async () => {
    const { database, asked } = await watchedDatabase();

    await database.migrate();

    expect(asked()).toEqual({ query: 1, exec: 0, transaction: 0 });
  },
  120_000,
);

it.runIf(target.kind === 'pglite')(
  'a start on a catalogue with products asks one query and seeds nothing',
  async () => {
    const { database, asked } = await watchedDatabase();
    await createProduct(database.db);
    const before = asked();

    expect(await seedCatalogueIfEmpty(database.db)).toBe(0);

    expect(asked()).toEqual({ ...before, query: before.query + 1 });
  },
  120_000,
);
