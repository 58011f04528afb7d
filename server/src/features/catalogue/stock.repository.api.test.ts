/**
 * Lock order of stock takes on PostgreSQL (several connections, real row
 * locks). The trigger that keeps `products.in_stock_sizes` writes the product
 * row when a size sells out, so a take must hold its products before any
 * stock row, or two takes of one product can wait on each other in a circle.
 * And what a take of several lines answers: what it sold out, or the short line.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { stockOf } from '../orders/checkout-fixtures.ts';
import { takeStockFor } from './stock.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
      await takeStockFor(tx, [{ productId, size: 'S', quantity: 1 }]);
      secondStarted = t.db.transaction((tx2) =>
        takeStockFor(tx2, [{ productId, size: 'M', quantity: 1 }]),
      );
      await untilSomeoneWaitsForALock();
      return takeStockFor(tx, [{ productId, size: 'M', quantity: 1 }]);
    });
    const [firstTake, secondTake] = await Promise.all([first, first.then(() => secondStarted)]);

    const nothingSoldOut = { soldOut: { sizes: [], emptiedProductIds: [] } };
    expect(firstTake).toEqual(nothingSoldOut);
    expect(secondTake).toEqual(nothingSoldOut);
    expect(await stockOf(t.db, productId, 'S')).toBe(0);
    expect(await stockOf(t.db, productId, 'M')).toBe(2);
  });
});

describe('a stock take of several lines, in one statement per step', () => {
  it('takes one size asked by two lines together, and says what it sold out', async () => {
    const productId = await createProduct(t.db, { title: 'Two Designs Tee', stock: { S: 3 } });
    const other = await createProduct(t.db, { title: 'Kept Tee', stock: { S: 2, M: 1 } });
    const lines = [
      { productId, size: 'S' as const, quantity: 2 },
      { productId: other, size: 'S' as const, quantity: 2 },
      { productId, size: 'S' as const, quantity: 1 },
    ];

    const take = await t.db.transaction((tx) => takeStockFor(tx, lines));

    expect(take.shortage).toBeUndefined();
    expect(take.soldOut.sizes).toHaveLength(2);
    expect(take.soldOut.emptiedProductIds).toEqual([productId]);
    expect(await stockOf(t.db, productId, 'S')).toBe(0);
    expect(await stockOf(t.db, other, 'S')).toBe(0);
    expect(await stockOf(t.db, other, 'M')).toBe(1);
  });

  it('names the line that runs out, with what is left for it', async () => {
    const productId = await createProduct(t.db, { title: 'Short Tee', stock: { M: 3 } });
    const first = { productId, size: 'M' as const, quantity: 2, design: 'first' };
    const second = { productId, size: 'M' as const, quantity: 2, design: 'second' };

    const take = await t.db.transaction((tx) => takeStockFor(tx, [first, second]));

    expect(take.shortage).toEqual({ short: second, left: 1 });
  });
});
