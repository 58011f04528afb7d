import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backup, OrderSchema } from '#contract';
import { openDatabase, PGLITE_EXTENSIONS, PGLITE_FOLDER } from '#server/db/client.ts';
import { restoreBackup } from '#server/db/restore.ts';
import { backUp } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest, stockOf } from '#server-test/checkout-fixtures.ts';
import { withDatabase } from '#server-test/global-setup.ts';
import { expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

/** A row count and a checksum per table: md5 of the rows as text, in an order no collation changes. */
const CHECKSUMS = `
  select format('%I.%I', table_schema, table_name) as name from information_schema.tables
  where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`;
const checksumOf = (table: string) =>
  `select count(*)::int as rows, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as sum from ${table} t`;

type Query = (text: string) => Promise<Record<string, unknown>[]>;

async function tableChecksums(query: Query): Promise<Record<string, string>> {
  // Timestamps print in the session's zone: the same one everywhere.
  await query(`set timezone = 'UTC'`);
  const sums: Record<string, string> = {};
  for (const { name } of (await query(CHECKSUMS)) as { name: string }[]) {
    const [row] = await query(checksumOf(name));
    sums[name] = `${row?.rows} ${row?.sum}`;
  }
  return sums;
}

const TEMPORARY = mkdtempSync(join(tmpdir(), 'shop-restore-'));
const STOCK = 1000;
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
/** Each backup and restore starts PGlite's pg_dump or a PGlite: seconds each on a busy machine. */
const SLOW = { timeout: 240_000 };

let t: TestApp;
let admin: SignedUp;
let productId: string;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin({
    env: { BACKUP_DIR: join(TEMPORARY, 'backups') },
  }));
  productId = await createProduct(t.db, { stock: { M: STOCK }, images: 1 });
});
afterAll(async () => {
  await t.close();
  rmSync(TEMPORARY, { recursive: true, force: true });
});

const backupFile = (backup: Backup) => join(TEMPORARY, 'backups', backup.name);

/** Shoppers checking out one unit at a time until `stop` resolves; answers how many orders they placed. */
async function checkoutsUntil(stop: Promise<unknown>, shoppers = 3): Promise<number> {
  let stopped = false;
  void stop.finally(() => {
    stopped = true;
  });
  const placed = await Promise.all(
    Array.from({ length: shoppers }, async () => {
      const shopper = await signUp(t.app);
      await addAddress(t.app, shopper);
      let orders = 0;
      while (!stopped) {
        await addLine(t.app, shopper, productId, 'M');
        await expectResult(t.app, checkoutRequest(shopper, { couponCode: '' }), OrderSchema, 201);
        orders += 1;
      }
      return orders;
    }),
  );
  return placed.reduce((sum, orders) => sum + orders, 0);
}

async function withPglite<T>(dataDir: string, work: (query: Query) => Promise<T>): Promise<T> {
  const client = await PGlite.create(join(dataDir, PGLITE_FOLDER), {
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

async function withPostgres<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

/** An empty PostgreSQL database beside the test ones; dropped with the test file. */
const postgresTargets: string[] = [];
async function emptyPostgresDatabase(base: string): Promise<string> {
  const name = `shop_restore_${randomBytes(6).toString('hex')}`;
  await withPostgres(base, (query) => query(`create database ${name}`));
  postgresTargets.push(name);
  return withDatabase(base, name);
}
afterAll(async () => {
  if (!POSTGRES_URL) return;
  for (const name of postgresTargets) {
    await withPostgres(POSTGRES_URL, (query) =>
      query(`drop database if exists ${name} with (force)`),
    );
  }
});

const sourceChecksums = () =>
  t.db.transaction(async (tx) =>
    tableChecksums(async (text) => {
      const result = await tx.execute(sql.raw(text.replace(/^\s*set /, 'set local ')));
      return (result as unknown as { rows: Record<string, unknown>[] }).rows;
    }),
  );

/** Units of the product in stock and in orders: a snapshot taken mid-checkout would lose or gain some. */
const UNITS_ACCOUNTED = `
  select (select stock from product_stock where product_id = '%s' and size = 'M')
       + (select coalesce(sum(quantity), 0) from order_items where product_id = '%s') as units`;

describe('npm run restore', () => {
  it(
    'restores a backup taken during checkouts to the same rows, into PGlite and into PostgreSQL',
    SLOW,
    async () => {
      let backupTaken: (backup: Backup) => void = () => {};
      const underLoad = new Promise<Backup>((resolve) => {
        backupTaken = resolve;
      });
      const ordersPlaced = checkoutsUntil(underLoad);
      // Once orders are being placed, back up while they go on.
      await expect
        .poll(() => stockOf(t.db, productId, 'M'), { timeout: 20_000 })
        .toBeLessThan(STOCK);
      const backup = await backUp(t.app, admin);
      backupTaken(backup);
      expect(await ordersPlaced).toBeGreaterThan(0);

      const embedded = join(TEMPORARY, 'embedded');
      await restoreBackup({
        from: backupFile(backup),
        dataDir: embedded,
        databaseUrl: undefined,
        force: false,
      });
      const restored = await withPglite(embedded, async (query) => {
        const [row] = await query(UNITS_ACCOUNTED.replaceAll('%s', productId));
        expect(Number(row?.units)).toBe(STOCK);
        return tableChecksums(query);
      });
      expect(Object.keys(restored)).toContain('public.orders');
      expect(restored['public.orders']).not.toMatch(/^0 /);

      if (POSTGRES_URL) {
        const url = await emptyPostgresDatabase(POSTGRES_URL);
        await restoreBackup({
          from: backupFile(backup),
          dataDir: embedded,
          databaseUrl: url,
          force: false,
        });
        expect(await withPostgres(url, tableChecksums)).toEqual(restored);
      }

      // Taken with nothing else going on, a backup restores to exactly the shop's rows.
      const quiet = await backUp(t.app, admin);
      const source = await sourceChecksums();
      const again = join(TEMPORARY, 'again');
      await restoreBackup({
        from: backupFile(quiet),
        dataDir: again,
        databaseUrl: undefined,
        force: false,
      });
      // Less the API-wide rate-limit counters, which each process writes every second, requests or not.
      const { 'public.rate_limit_counters': _counters, ...sourceData } = source;
      expect(await withPglite(again, tableChecksums)).toMatchObject(sourceData);

      // The shop starts on it: no migration is left to apply.
      const database = await openDatabase({ dataDir: again, databaseUrl: undefined });
      const count = async () =>
        (
          (await database.db.execute(
            sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n;
      const before = await count();
      await database.migrate();
      expect(await count()).toBe(before);
      await database.close();
    },
  );

  it(
    'refuses a target that holds data unless forced, and a data folder a shop holds',
    SLOW,
    async () => {
      const backup = await backUp(t.app, admin);
      const dataDir = join(TEMPORARY, 'refusals');
      const restore = (options: { force: boolean; databaseUrl?: string }) =>
        restoreBackup({ from: backupFile(backup), dataDir, databaseUrl: undefined, ...options });
      await restore({ force: false });
      await expect(restore({ force: false })).rejects.toThrow('The target database is not empty');
      await restore({ force: true });

      // A lock naming a live process other than this one: a shop running on the folder.
      const holder = spawn('sleep', ['60']);
      try {
        const held = join(TEMPORARY, 'held');
        mkdirSync(held, { recursive: true });
        writeFileSync(join(held, 'shop.lock'), String(holder.pid));
        await expect(
          restoreBackup({
            from: backupFile(backup),
            dataDir: held,
            databaseUrl: undefined,
            force: false,
          }),
        ).rejects.toThrow('is in use by another shop process');
      } finally {
        holder.kill('SIGKILL');
      }

      if (POSTGRES_URL) {
        const url = await emptyPostgresDatabase(POSTGRES_URL);
        await restore({ force: false, databaseUrl: url });
        await expect(restore({ force: false, databaseUrl: url })).rejects.toThrow(
          'The target database is not empty',
        );
        await restore({ force: true, databaseUrl: url });
        const [row] = await withPostgres(url, (query) =>
          query(`select count(*)::int as n from public.users where email = '${admin.email}'`),
        );
        expect(row?.n).toBe(1);
      }
    },
  );
});
