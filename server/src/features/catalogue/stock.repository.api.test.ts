/**
 * Lock order of stock takes on PostgreSQL (several connections, real row
 * locks). The trigger that keeps `products.in_stock_sizes` writes the product
 * row when a size sells out, so a take must hold its products before any
 * stock row, or two takes of one product can wait on each other in a circle.
 * And what a take of several lines answers: what it sold out, or the short line.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { catalogueVersion } from '#server/db/schema/catalogue.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { stockOf } from '#server-test/checkout-fixtures.ts';
import {
  CATALOGUE_VERSION_CHANNEL,
  type CatalogueChange,
  parseAnnouncement,
} from './catalogue-version.repository.ts';
import { type StockLine, takeStockFor } from './stock.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What a test's take names as its change (what the version row then says, when the take bumps it). */
const changeOf = (lines: StockLine[]): CatalogueChange => ({
  kind: 'tagged',
  tags: [...new Set(lines.map((line) => line.productId))],
});
const take = <Line extends StockLine>(db: typeof t.db, lines: Line[]) =>
  takeStockFor(db, lines, changeOf(lines));

/** Waits (bounded) until some other connection of this database waits for a row lock. */
async function untilSomeoneWaitsForALock(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const [row] = await t.db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
    if ((row?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The second stock take never waited for a lock');
}

describe.skipIf(inject('testDatabase').kind !== 'postgres')('stock takes on PostgreSQL', () => {
  it('a take that sold a size out, then takes another size, never deadlocks with a take of that size', async () => {
    const productId = await createProduct(t.db, { title: 'Lock Order Tee', stock: { S: 1, M: 4 } });
    let secondStarted: Promise<unknown> = Promise.resolve();

    // First: sells S out (the trigger writes the product row), then, once the
    // second take waits, takes M. Before the fix the second held M's row while
    // waiting for the product: PostgreSQL broke the circle with a deadlock error.
    const first = t.db.transaction(async (tx) => {
      await take(tx, [{ productId, size: 'S', quantity: 1 }]);
      secondStarted = t.db.transaction((tx2) => take(tx2, [{ productId, size: 'M', quantity: 1 }]));
      await untilSomeoneWaitsForALock();
      return take(tx, [{ productId, size: 'M', quantity: 1 }]);
    });
    const [firstTake, secondTake] = await Promise.all([first, first.then(() => secondStarted)]);

    const nothingSoldOut = {
      soldOut: { sizes: [], emptiedProductIds: [], sizesGone: [], stockLeftTags: [] },
      versionBumped: true,
    };
    expect(firstTake).toEqual(nothingSoldOut);
    expect(secondTake).toEqual(nothingSoldOut);
    expect(await stockOf(t.db, productId, 'S')).toBe(0);
    expect(await stockOf(t.db, productId, 'M')).toBe(2);
  });
});

describe('a stock take of several lines, in one call', () => {
  it('takes one size asked by two lines together, and says what it sold out', async () => {
    const productId = await createProduct(t.db, { title: 'Two Designs Tee', stock: { S: 3 } });
    const other = await createProduct(t.db, { title: 'Kept Tee', stock: { S: 2, M: 1 } });
    const lines = [
      { productId, size: 'S' as const, quantity: 2 },
      { productId: other, size: 'S' as const, quantity: 2 },
      { productId, size: 'S' as const, quantity: 1 },
    ];

    const taken = await t.db.transaction((tx) => take(tx, lines));

    expect(taken.shortage).toBeUndefined();
    expect(taken.soldOut.sizes).toHaveLength(2);
    expect(taken.soldOut.emptiedProductIds).toEqual([productId]);
    expect(await stockOf(t.db, productId, 'S')).toBe(0);
    expect(await stockOf(t.db, other, 'S')).toBe(0);
    expect(await stockOf(t.db, other, 'M')).toBe(1);
  });

  it('names the line that runs out, with what is left for it', async () => {
    const productId = await createProduct(t.db, { title: 'Short Tee', stock: { M: 3 } });
    const first = { productId, size: 'M' as const, quantity: 2, design: 'first' };
    const second = { productId, size: 'M' as const, quantity: 2, design: 'second' };

    const taken = await t.db.transaction((tx) => take(tx, [first, second]));

    expect(taken.shortage).toEqual({ short: second, left: 1 });
  });

  // Decision 026: the version bump joins the take's call
  // unless the take sold something out (its caller then names what did).
  it('bumps the catalogue version with its change in the same call when nothing sells out, and announces it', async () => {
    const productId = await createProduct(t.db, { title: 'Bumped Tee', stock: { L: 5 } });
    const lines = [{ productId, size: 'L' as const, quantity: 2 }];
    // The database function names the channel the caches listen on: they must agree.
    const announcements: string[] = [];
    const stopListening = await t.database.listen(CATALOGUE_VERSION_CHANNEL, {
      notified: (payload) => announcements.push(payload),
      subscribed: () => {},
    });

    const { before, taken, after } = await t.db.transaction(async (tx) => {
      const [before] = await tx.select().from(catalogueVersion);
      const taken = await take(tx, lines);
      const [after] = await tx.select().from(catalogueVersion);
      return { before, taken, after };
    });

    expect(taken.versionBumped).toBe(true);
    expect(after?.version).toBe((before?.version ?? 0) + 1);
    // The change names what the caller said, and the stock the take left (migration 0026).
    const tags = [productId, `stock:${productId}:L=3`];
    expect(after?.changedTags).toEqual(tags);
    await expect
      .poll(() => announcements.map(parseAnnouncement))
      .toContainEqual({ version: after?.version, change: { kind: 'tagged', tags } });
    await stopListening();
  });

  it('leaves the version to its caller when it sells a size out or falls short', async () => {
    const productId = await createProduct(t.db, { title: 'Last One Tee', stock: { XL: 1 } });
    const lines = [{ productId, size: 'XL' as const, quantity: 1 }];

    const outcomes = await t.db.transaction(async (tx) => {
      const before = await tx.select().from(catalogueVersion);
      const soldOut = await take(tx, lines);
      const short = await take(tx, lines);
      const after = await tx.select().from(catalogueVersion);
      return { before, soldOut, short, after };
    });

    expect(outcomes.soldOut.soldOut.sizes).toEqual([{ productId, size: 'XL', quantity: 1 }]);
    expect(outcomes.soldOut.versionBumped).toBe(false);
    expect(outcomes.short.shortage).toEqual({ short: lines[0], left: 0 });
    expect(outcomes.short.versionBumped).toBe(false);
    expect(outcomes.after).toEqual(outcomes.before);
  });

  it('says which sizes it sold out that no product on sale has left, and only those', async () => {
    const productId = await createProduct(t.db, {
      title: 'Rare Size Tee',
      stock: { XXL: 1, XS: 1 },
    });
    await createProduct(t.db, { title: 'Common Size Tee', stock: { XS: 5 } });
    const lines = [
      { productId, size: 'XXL' as const, quantity: 1 },
      { productId, size: 'XS' as const, quantity: 1 },
    ];
    const rolledBack = new Error('roll back');
    let soldOut: Awaited<ReturnType<typeof take>>['soldOut'] | undefined;
    // Every other XXL out of stock for this transaction only: other tests share the catalogue.
    await t.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update product_stock set stock = 0 where size = 'XXL' and product_id <> ${productId}`,
        );
        soldOut = (await take(tx, lines)).soldOut;
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });

    expect(soldOut?.sizes.map((line) => line.size).sort()).toEqual(['XS', 'XXL']);
    expect(soldOut?.emptiedProductIds).toEqual([productId]);
    expect(soldOut?.sizesGone).toEqual(['XXL']);
    // What the caller names in the version it bumps: the stock the take left.
    expect(soldOut?.stockLeftTags.sort()).toEqual([
      `stock:${productId}:XS=0`,
      `stock:${productId}:XXL=0`,
    ]);
  });
});
