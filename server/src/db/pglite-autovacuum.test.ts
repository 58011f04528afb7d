import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, wrapPglite } from './client.ts';
import { createPgliteAutovacuum, vacuumDueTables } from './pglite-autovacuum.ts';
import { rowsOf } from './rows.ts';

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function freshDatabase() {
  database = await wrapPglite(await PGlite.create());
  const { db } = database;
  await db.execute(sql`create table busy (id int primary key, price int not null)`);
  await db.execute(sql`create index busy_price_idx on busy (price, id)`);
  await db.execute(sql`create table quiet (id int primary key)`);
  await db.execute(sql`insert into busy select n, n from generate_series(1, 5000) n`);
  await db.execute(sql`insert into quiet select n from generate_series(1, 20) n`);
  await createPgliteAutovacuum(db, { intervalMs: 60_000 }).catchUp();
  return db;
}

/** How many heap pages an index-only scan of `busy` had to read (0 once the visibility map is set). */
async function heapFetches(db: DatabaseHandle['db']) {
  await db.execute(sql`set enable_seqscan = off`);
  await db.execute(sql`set enable_bitmapscan = off`);
  const plan = rowsOf<{ 'QUERY PLAN': string }>(
    await db.execute(
      sql`explain (analyze, costs off, timing off, summary off) select id from busy where price > 0`,
    ),
  )
    .map((row) => row['QUERY PLAN'])
    .join('\n');
  expect(plan).toContain('Index Only Scan');
  return Number(/Heap Fetches: (\d+)/.exec(plan)?.[1]);
}

describe('PGlite autovacuum (what PostgreSQL would do in the background)', {
  timeout: 60_000,
}, () => {
  it('vacuums a table whose rows were rewritten, and only that one', async () => {
    const db = await freshDatabase();
    await db.execute(sql`update busy set price = price + 1`);
    await db.execute(sql`update quiet set id = id where id = 1`);
    expect(await heapFetches(db)).toBeGreaterThan(0);

    expect(await vacuumDueTables(db)).toEqual(['vacuum busy']);

    expect(await heapFetches(db)).toBe(0);
    expect(await vacuumDueTables(db)).toEqual([]);
  });

  it('analyses a table that changed a little without vacuuming it', async () => {
    const db = await freshDatabase();
    // 600 of 5,000 rows: past analyse's 50 + 10%, short of vacuum's 50 + 20%.
    await db.execute(sql`update busy set price = price + 1 where id <= 600`);

    expect(await vacuumDueTables(db)).toEqual(['analyze busy']);
  });

  it('catches up at start a table at a time, so a request meanwhile is answered before it ends', async () => {
    const db = await freshDatabase();
    await db.execute(sql`update busy set price = price + 1`);
    const caughtUp = vi.fn();
    const catchingUp = createPgliteAutovacuum(db, { intervalMs: 60_000 }).catchUp().then(caughtUp);

    // A request arrives in a later turn of the event loop than the catch-up began in.
    await nextTurn();
    await db.execute(sql`select 1`);
    expect(caughtUp).not.toHaveBeenCalled();

    await catchingUp;
    expect(await heapFetches(db)).toBe(0);
  });

  it('starts with the catch-up once the shop has had a moment to answer, then rounds', async () => {
    const db = await freshDatabase();
    await db.execute(sql`update busy set price = price + 1`);
    const autovacuum = createPgliteAutovacuum(db, { intervalMs: 60_000, catchUpAfterMs: 200 });
    try {
      autovacuum.start();
      await nextTurn();
      expect(await heapFetches(db)).toBeGreaterThan(0);

      await vi.waitFor(async () => expect(await heapFetches(db)).toBe(0), { timeout: 20_000 });
    } finally {
      await autovacuum.stop();
    }
  }, 60_000);
});
