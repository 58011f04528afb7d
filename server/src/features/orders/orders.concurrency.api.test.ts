/**
 * Checkout under concurrency: never oversold, one order per Idempotency-Key
 * (D18), and the same with two server processes on one database (D30).
 *
 * How it is built:
 * - Each test makes its own product with a few units of one size, and N
 *   shoppers (signed up through the API), each with an address and 1 unit of
 *   that size in the cart. Then all N checkouts go at once (Promise.all) and
 *   the answers are counted. On PGlite (one connection) the transactions
 *   queue; on PostgreSQL they run on the app's pool of 4 connections and
 *   really contend for the stock row: takeStock's conditional
 *   `UPDATE ... SET stock = stock - q WHERE stock >= q` makes a second writer
 *   wait for the first to commit, then re-check the row.
 * - Two processes (PostgreSQL only): this file's own test database gets two
 *   real server processes (server/test/processes.ts), each with its own pg
 *   pool. The product and shoppers are set up in-process first (so neither
 *   process seeds the catalogue), then the racing checkouts go over HTTP
 *   with fetch, alternating between the two processes.
 * - Every race asserts: exactly `stock` checkouts succeed, the others answer
 *   409 naming the item, stock ends at 0 and never below (a CHECK constraint
 *   guards that too), the quantities in order_items add up to the stock,
 *   unitsSold equals it, and the losers' carts are intact. The replay races
 *   assert one order, the same id in every answer, stock taken once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { CartItemSchema, OrderSchema } from '#contract';
import { orderItems, orders } from '#server/db/schema/orders.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import {
  addAddress,
  addLine,
  checkoutRequest,
  stockOf,
  unitsSoldOf,
} from '#server-test/checkout-fixtures.ts';
import { call, expectResult } from '#server-test/http.ts';
import {
  databaseUrlOf,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from '#server-test/processes.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SHOPPERS = 12;
const UNITS = 5;

/** A product with `units` of size M, and `count` shoppers with an address and 1 M in the cart. */
async function prepareRace(count: number, units: number) {
  const title = `Last Tee ${crypto.randomUUID().slice(0, 6)}`;
  const productId = await createProduct(t.db, { title, stock: { M: units, L: 0 } });
  const users = await Promise.all(
    Array.from({ length: count }, async () => {
      const user = await signUp(t.app);
      await addAddress(t.app, user);
      await addLine(t.app, user, productId, 'M', 1);
      return user;
    }),
  );
  return { productId, title, users };
}

type Race = Awaited<ReturnType<typeof prepareRace>>;
type Answer = { status: number; body: { result?: { _id: string }; message?: string } };

/** What must hold after any race for `units` units of one size. */
async function expectNoOversell(race: Race, units: number, answers: Answer[]) {
  const won = answers.filter((answer) => answer.status === 201);
  const lost = answers.filter((answer) => answer.status !== 201);
  expect(won).toHaveLength(units);
  expect(lost.map((answer) => answer.status)).toEqual(Array(race.users.length - units).fill(409));
  for (const answer of lost)
    expect(answer.body.message).toBe(`${race.title} (size M) is out of stock`);
  expect(new Set(won.map((answer) => answer.body.result?._id)).size).toBe(units);

  expect(await stockOf(t.db, race.productId, 'M')).toBe(0);
  const [ordered] = await t.db
    .select({
      quantity: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
      orders: sql<number>`count(*)::int`,
    })
    .from(orderItems)
    .where(eq(orderItems.productId, race.productId));
  expect(ordered).toEqual({ quantity: units, orders: units });
  expect(await unitsSoldOf(t.db, race.productId)).toBe(units);

  // Winners' carts are empty; every loser still has their line.
  const carts = await Promise.all(
    race.users.map((user) =>
      expectResult(
        t.app,
        { url: '/api/v1/cart/get-all', headers: user.auth },
        z.array(CartItemSchema),
      ),
    ),
  );
  expect(carts.filter((cart) => cart.length === 0)).toHaveLength(units);
  expect(carts.filter((cart) => cart.length === 1 && cart[0]?.quantity === 1)).toHaveLength(
    race.users.length - units,
  );
}

describe('no oversell in one process', () => {
  it(`${SHOPPERS} shoppers check out the last ${UNITS} units at once: exactly ${UNITS} win, the rest get 409`, async () => {
    const race = await prepareRace(SHOPPERS, UNITS);
    const answers = await Promise.all(race.users.map((user) => call(t.app, checkoutRequest(user))));
    await expectNoOversell(race, UNITS, answers);
  });

  it('lines of two sizes of one product, in mixed carts, never deadlock into a 500 and never oversell', async () => {
    const productId = await createProduct(t.db, { title: 'Two Size Tee', stock: { S: 4, M: 4 } });
    // Carts with S and M, with M only, with S only: the locks of one product's rows cross.
    const carts = [
      ['S', 'M'],
      ['M'],
      ['S'],
      ['S', 'M'],
      ['M'],
      ['S', 'M'],
      ['S'],
      ['M'],
      ['S', 'M'],
      ['M'],
    ];
    const users = await Promise.all(
      carts.map(async (sizes) => {
        const user = await signUp(t.app);
        await addAddress(t.app, user);
        for (const size of sizes) await addLine(t.app, user, productId, size, 1);
        return user;
      }),
    );
    const answers = await Promise.all(users.map((user) => call(t.app, checkoutRequest(user))));
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 409)).toEqual([]);
    const won = answers
      .filter((answer) => answer.status === 201)
      .map((answer) => OrderSchema.parse(answer.body.result));
    const sold = (size: string) =>
      won
        .flatMap((order) => order.items)
        .filter((item) => item.size === size)
        .reduce((sum, item) => sum + item.quantity, 0);
    for (const size of ['S', 'M'] as const) {
      const left = await stockOf(t.db, productId, size);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(sold(size) + (left ?? 0)).toBe(4);
    }
    expect(await unitsSoldOf(t.db, productId)).toBe(sold('S') + sold('M'));
    // Demand is 6 S and 8 M: at least one size sells out, and every checkout refused was short of one.
    expect(sold('S') === 4 || sold('M') === 4).toBe(true);
    for (const answer of answers.filter((x) => x.status === 409)) {
      expect(answer.body.message).toMatch(/^Two Size Tee \(size [SM]\) is out of stock$/);
    }
  });
});

describe('one order per Idempotency-Key', () => {
  it('8 parallel replays of one key give one order, the same id in every answer', async () => {
    const productId = await createProduct(t.db, { title: 'Replay Tee', stock: { M: 10 } });
    const user = await signUp(t.app);
    await addAddress(t.app, user);
    await addLine(t.app, user, productId, 'M', 2);
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, checkoutRequest(user, { paymentMethod: 'cash' }, key)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((answer) => answer.body.result._id)).size).toBe(1);
    const placed = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.userId, user.user._id));
    expect(placed).toEqual([{ id: answers[0]?.body.result._id }]);
    expect(await stockOf(t.db, productId, 'M')).toBe(8);
  });
});

async function post(base: string, user: SignedUp, payload: unknown, key?: string): Promise<Answer> {
  const response = await fetch(`${base}/api/v1/order/checkout`, {
    method: 'POST',
    headers: {
      ...user.auth,
      'content-type': 'application/json',
      ...(key && { 'idempotency-key': key }),
    },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

describe.skipIf(inject('testDatabase').kind !== 'postgres')(
  'two server processes on one PostgreSQL (D30)',
  () => {
    let servers: ShopProcess[] = [];
    let race: Race;

    beforeAll(async () => {
      if (inject('testDatabase').kind !== 'postgres') return;
      // Set up before the processes start: a catalogue that is not empty is never seeded.
      race = await prepareRace(SHOPPERS, UNITS);
      servers = await startShopProcesses(2, await databaseUrlOf(t.db));
    }, 60_000);

    afterAll(() => stopShopProcesses(servers));

    it(`${SHOPPERS} shoppers race for the last ${UNITS} units across both processes: exactly ${UNITS} win`, async () => {
      const [a, b] = servers;
      if (!a || !b) throw new Error('The servers did not start');
      expect(a.base).not.toBe(b.base);
      const answers = await Promise.all(
        race.users.map((user, index) => post(index % 2 === 0 ? a.base : b.base, user, {})),
      );
      await expectNoOversell(race, UNITS, answers);
      const winsBy = (server: number) =>
        answers.filter((answer, index) => index % 2 === server && answer.status === 201).length;
      console.info(
        `two-process race: ${answers.filter((x) => x.status === 201).length} × 201 (process A ${winsBy(0)}, process B ${winsBy(1)}), ` +
          `${answers.filter((x) => x.status === 409).length} × 409, stock left ${await stockOf(t.db, race.productId, 'M')}`,
      );
    });

    it('8 replays of one Idempotency-Key across both processes give one order', async () => {
      const [a, b] = servers;
      if (!a || !b) throw new Error('The servers did not start');
      const productId = await createProduct(t.db, { title: 'Replay Tee', stock: { M: 10 } });
      const user = await signUp(t.app);
      await addAddress(t.app, user);
      await addLine(t.app, user, productId, 'M', 3);
      const key = crypto.randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          post(index % 2 === 0 ? a.base : b.base, user, { giftWrap: {} }, key),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
      expect(new Set(answers.map((answer) => answer.body.result?._id)).size).toBe(1);
      expect(
        await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.user._id)),
      ).toHaveLength(1);
      expect(await stockOf(t.db, productId, 'M')).toBe(7);
    });
  },
);
