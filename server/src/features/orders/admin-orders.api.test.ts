import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderPageSchema,
  AdminOrderSchema,
  OrderSchema,
  type OrderStatus,
  SHOPPER_CANCEL_REFUSED,
  shortOrderNumber,
} from '#contract';
import { orderEvents } from '#server/db/schema/orders.ts';
import { cannotMove, ORDER_NOT_FOUND } from '#server/features/orders/orders.messages.ts';
import { asUser } from '#server-test/admin-fixtures.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import {
  addAddress,
  addLine,
  checkoutRequest,
  stockOf,
  unitsSoldOf,
} from '#server-test/checkout-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

let t: TestApp;
let admin: SignedUp;
let otherAdmin: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app, t.db, 'Meera Owner');
  otherAdmin = await signUpAdmin(t.app, t.db, 'Ravi Owner');
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A shopper who ordered 2 tees (M) and 1 hoodie (L); stock starts at M 5, L 4. */
async function placedOrder(email?: string) {
  const tee = await createProduct(t.db, { title: 'Admin Tee', price: 499, stock: { M: 5 } });
  const hoodie = await createProduct(t.db, {
    title: 'Admin Hoodie',
    price: 1299.5,
    stock: { L: 4 },
  });
  const shopper = await signUp(t.app, email ? { email } : {});
  await addAddress(t.app, shopper);
  await addLine(t.app, shopper, tee, 'M', 2);
  await addLine(t.app, shopper, hoodie, 'L', 1);
  const order = await expectResult(t.app, checkoutRequest(shopper), OrderSchema, 201);
  return { shopper, order, tee, hoodie };
}

const statusRequest = (
  id: string,
  payload: Record<string, unknown>,
  user: SignedUp = admin,
): InjectOptions =>
  asUser(user, { method: 'POST', url: `/api/v1/admin/orders/${id}/status`, payload });

const move = (id: string, status: OrderStatus, user: SignedUp = admin, note?: string) =>
  expectResult(t.app, statusRequest(id, { status, ...(note && { note }) }, user), AdminOrderSchema);

const adminOrder = (id: string) =>
  expectResult(t.app, asUser(admin, { url: `/api/v1/admin/orders/${id}` }), AdminOrderSchema);

const shopperOrder = (shopper: SignedUp, id: string) =>
  expectResult(t.app, { url: `/api/v1/order/${id}`, headers: shopper.auth }, OrderSchema);

const list = (query: string) =>
  expectResult(
    t.app,
    asUser(admin, { url: `/api/v1/admin/orders?${query}` }),
    AdminOrderPageSchema,
  );

const eventRows = (orderId: string) =>
  t.db
    .select({ type: orderEvents.type, actorUserId: orderEvents.actorUserId, at: orderEvents.at })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.at);

describe('GET /api/v1/admin/orders', () => {
  it('lists every shopper’s orders newest first with their shopper and units', async () => {
    const first = await placedOrder();
    const second = await placedOrder();
    const page = await list('limit=100');
    const ids = page.results.map((order) => order._id);
    expect(ids.indexOf(second.order._id)).toBeLessThan(ids.indexOf(first.order._id));
    expect(page.results.find((order) => order._id === first.order._id)).toEqual({
      _id: first.order._id,
      status: 'pending',
      totalPrice: first.order.totalPrice,
      paymentMethod: 'cash',
      itemCount: 3,
      createdAt: first.order.createdAt,
      deliveredAt: null,
      customer: { _id: first.shopper.user._id, name: 'Asha Shopper', email: first.shopper.email },
    });
  });

  it('filters by status and finds an order by the end or start of its id, or by email', async () => {
    const email = `Priya.${crypto.randomUUID()}@Example.com`;
    const { order } = await placedOrder(email);
    const other = await placedOrder();
    await move(other.order._id, 'shipped');

    const last8 = shortOrderNumber(order._id);
    for (const search of [
      last8,
      `#${last8.toUpperCase()}`,
      order._id.slice(0, 8),
      order._id,
      email.toLowerCase(),
      email.split('@')[0]?.toUpperCase() ?? '',
    ]) {
      const found = await list(`search=${encodeURIComponent(search)}`);
      expect(
        found.results.map((result) => result._id),
        search,
      ).toEqual([order._id]);
    }
    expect((await list(`status=shipped&search=${shortOrderNumber(other.order._id)}`)).total).toBe(
      1,
    );
    expect((await list(`status=pending&search=${shortOrderNumber(other.order._id)}`)).total).toBe(
      0,
    );
    const shipped = await list('status=shipped&limit=100');
    expect(shipped.results.every((result) => result.status === 'shipped')).toBe(true);
    expect(shipped.results.map((result) => result._id)).toContain(other.order._id);
    // Wildcards are taken literally, and a search like nothing finds nothing.
    expect((await list('search=%25')).total).toBe(0);
    expect((await list('search=_')).total).toBe(0);
    expect((await list('search=no-such-order-anywhere')).total).toBe(0);
  });

  it('pages', async () => {
    await placedOrder();
    await placedOrder();
    const all = await list('limit=100');
    const second = await list('limit=1&page=2');
    expect(second).toMatchObject({ page: 2, limit: 1, total: all.total, pages: all.total });
    expect(second.results.map((order) => order._id)).toEqual([all.results[1]?._id]);
  });

  it.each([
    [
      'status=lost',
      'status must be one of awaiting-payment, pending, shipped, delivered, cancelled',
    ],
    ['limit=0', 'limit must be 1 or more'],
    [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
  ])('refuses %s with a 400', async (query, message) => {
    const failure = await expectFailure(
      t.app,
      asUser(admin, { url: `/api/v1/admin/orders?${query}` }),
      400,
    );
    expect(failure.message).toContain(message);
  });
});

describe('GET /api/v1/admin/orders/:id', () => {
  it('answers the order with items, address, payment, shopper and who placed it', async () => {
    const { order, shopper } = await placedOrder();
    const detail = await adminOrder(order._id);
    const { events, ...rest } = order;
    expect(detail).toMatchObject(rest);
    expect(detail.customer).toEqual({
      _id: shopper.user._id,
      name: 'Asha Shopper',
      email: shopper.email,
    });
    expect(detail.events).toEqual([
      {
        type: 'placed',
        at: events[0]?.at,
        note: null,
        actor: {
          _id: shopper.user._id,
          name: 'Asha Shopper',
          email: shopper.email,
          role: 'shopper',
        },
      },
    ]);
  });

  it.each([UNKNOWN_ID, 'not-an-id'])('answers 404 for %s', async (id) => {
    const failure = await expectFailure(
      t.app,
      asUser(admin, { url: `/api/v1/admin/orders/${id}` }),
      404,
    );
    expect(failure.message).toBe(ORDER_NOT_FOUND);
  });
});

describe('POST /api/v1/admin/orders/:id/status (D19)', () => {
  it('ships then delivers, each an event with its admin, and the shopper sees it all', async () => {
    const { order, shopper, tee } = await placedOrder();
    const shipped = await move(order._id, 'shipped', admin, '  Courier ref BLR-42  ');
    expect(shipped).toMatchObject({ status: 'shipped', deliveredAt: null });
    expect(shipped.events.map((event) => [event.type, event.actor?._id, event.note])).toEqual([
      ['placed', shopper.user._id, null],
      ['shipped', admin.user._id, 'Courier ref BLR-42'],
    ]);
    expect(shipped.events[1]?.actor).toEqual({
      _id: admin.user._id,
      name: 'Meera Owner',
      email: admin.email,
      role: 'admin',
    });

    const delivered = await move(order._id, 'delivered', otherAdmin);
    expect(delivered.status).toBe('delivered');
    const deliveredEvent = delivered.events[2];
    expect(deliveredEvent).toMatchObject({
      type: 'delivered',
      actor: { _id: otherAdmin.user._id },
    });
    expect(delivered.deliveredAt).toBe(deliveredEvent?.at);

    // Shipping and delivering move no stock.
    expect(await stockOf(t.db, tee, 'M')).toBe(3);

    const seen = await shopperOrder(shopper, order._id);
    expect(seen).toMatchObject({ status: 'delivered', deliveredAt: delivered.deliveredAt });
    expect(seen.events).toEqual([
      order.events[0],
      { type: 'shipped', at: shipped.events[1]?.at, note: 'Courier ref BLR-42' },
      { type: 'delivered', at: deliveredEvent?.at, note: null },
    ]);
    const history = await expectResult(
      t.app,
      { url: '/api/v1/order/history', headers: shopper.auth },
      OrderSchema.array(),
    );
    expect(history.find((o) => o._id === order._id)?.events.map((e) => e.type)).toEqual([
      'placed',
      'shipped',
      'delivered',
    ]);
    expect(await eventRows(order._id)).toEqual([
      { type: 'placed', actorUserId: shopper.user._id, at: expect.any(Date) },
      { type: 'shipped', actorUserId: admin.user._id, at: expect.any(Date) },
      { type: 'delivered', actorUserId: otherAdmin.user._id, at: expect.any(Date) },
    ]);
    // Events keep their order, each after the one before.
    const times = (await eventRows(order._id)).map((row) => row.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(3);
  });

  it.each<[OrderStatus[], OrderStatus, string]>([
    [['shipped', 'delivered'], 'pending', 'Cannot move an order from delivered to pending'],
    [['shipped', 'delivered'], 'cancelled', 'Cannot move an order from delivered to cancelled'],
    [['shipped', 'delivered'], 'shipped', 'Cannot move an order from delivered to shipped'],
    [['shipped', 'delivered'], 'delivered', 'This order is already delivered'],
    [['cancelled'], 'shipped', 'Cannot move an order from cancelled to shipped'],
    [['cancelled'], 'delivered', 'Cannot move an order from cancelled to delivered'],
    [['cancelled'], 'pending', 'Cannot move an order from cancelled to pending'],
    [['cancelled'], 'cancelled', 'This order is already cancelled'],
    [[], 'delivered', 'Cannot move an order from pending to delivered'],
    [[], 'pending', 'This order is already pending'],
    [['shipped'], 'pending', 'Cannot move an order from shipped to pending'],
    [['shipped'], 'shipped', 'This order is already shipped'],
  ])('after %j refuses %s with 409, changing nothing', async (path, to, message) => {
    const { order, tee, hoodie } = await placedOrder();
    for (const step of path) await move(order._id, step);
    const before = await adminOrder(order._id);
    const stock = [await stockOf(t.db, tee, 'M'), await stockOf(t.db, hoodie, 'L')];
    const failure = await expectFailure(t.app, statusRequest(order._id, { status: to }), 409);
    expect(failure).toEqual({ success: false, message });
    expect(message).toBe(cannotMove(before.status, to));
    expect(await adminOrder(order._id)).toEqual(before);
    expect([await stockOf(t.db, tee, 'M'), await stockOf(t.db, hoodie, 'L')]).toEqual(stock);
  });

  it.each<[OrderStatus[]]>([
    [[]],
    [['shipped']],
  ])('cancels after %j, putting stock and sales back exactly once', async (path) => {
    const { order, shopper, tee, hoodie } = await placedOrder();
    for (const step of path) await move(order._id, step);
    expect([await stockOf(t.db, tee, 'M'), await stockOf(t.db, hoodie, 'L')]).toEqual([3, 3]);
    expect(await unitsSoldOf(t.db, tee)).toBe(2);

    const cancelled = await move(order._id, 'cancelled', admin, 'Address unreachable');
    expect(cancelled).toMatchObject({ status: 'cancelled', deliveredAt: null });
    expect(cancelled.events.at(-1)).toMatchObject({
      type: 'cancelled',
      note: 'Address unreachable',
      actor: { _id: admin.user._id, role: 'admin' },
    });
    expect([await stockOf(t.db, tee, 'M'), await stockOf(t.db, hoodie, 'L')]).toEqual([5, 4]);
    expect(await unitsSoldOf(t.db, tee)).toBe(0);

    // Neither the admin again nor the shopper can cancel it a second time.
    await expectFailure(t.app, statusRequest(order._id, { status: 'cancelled' }), 409);
    const shopperCancel = await expectFailure(
      t.app,
      { method: 'POST', url: `/api/v1/order/${order._id}/cancel`, headers: shopper.auth },
      409,
    );
    expect(shopperCancel.message).toBe(SHOPPER_CANCEL_REFUSED);
    expect([await stockOf(t.db, tee, 'M'), await stockOf(t.db, hoodie, 'L')]).toEqual([5, 4]);
    expect((await shopperOrder(shopper, order._id)).events.at(-1)).toMatchObject({
      type: 'cancelled',
      note: 'Address unreachable',
    });
  });

  it('puts stock back once when two admins and the shopper cancel at the same moment', async () => {
    const { order, shopper, tee, hoodie } = await placedOrder();
    const responses = await Promise.all([
      call(t.app, statusRequest(order._id, { status: 'cancelled' })),
      call(t.app, statusRequest(order._id, { status: 'cancelled' }, otherAdmin)),
      call(t.app, {
        method: 'POST',
        url: `/api/v1/order/${order._id}/cancel`,
        headers: shopper.auth,
      }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    expect([await stockOf(t.db, tee, 'M'), await stockOf(t.db, hoodie, 'L')]).toEqual([5, 4]);
    const events = (await eventRows(order._id)).map((row) => row.type);
    expect(events).toEqual(['placed', 'cancelled']);
  });

  it('a shipped order can no longer be cancelled by its shopper, only by an admin', async () => {
    const { order, shopper } = await placedOrder();
    await move(order._id, 'shipped');
    const failure = await expectFailure(
      t.app,
      { method: 'POST', url: `/api/v1/order/${order._id}/cancel`, headers: shopper.auth },
      409,
    );
    expect(failure.message).toBe(SHOPPER_CANCEL_REFUSED);
    expect((await move(order._id, 'cancelled')).status).toBe('cancelled');
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'no status',
      {},
      'status',
      'status must be one of awaiting-payment, pending, shipped, delivered, cancelled',
    ],
    [
      'an unknown status',
      { status: 'lost' },
      'status',
      'status must be one of awaiting-payment, pending, shipped, delivered, cancelled',
    ],
    [
      'a capitalised status',
      { status: 'Shipped' },
      'status',
      'status must be one of awaiting-payment, pending, shipped, delivered, cancelled',
    ],
    [
      'a status as a list',
      { status: ['shipped'] },
      'status',
      'status must be one of awaiting-payment, pending, shipped, delivered, cancelled',
    ],
    [
      'a 501-character note',
      { status: 'shipped', note: 'n'.repeat(501) },
      'note',
      'note must be at most 500 characters',
    ],
    [
      'a 100 kB note',
      { status: 'shipped', note: 'n'.repeat(100_000) },
      'note',
      'note must be at most 500 characters',
    ],
  ])('refuses %s with 400, changing nothing', async (_, payload, field, message) => {
    const { order } = await placedOrder();
    const failure = await expectFailure(t.app, statusRequest(order._id, payload), 400);
    expect(failure.errors).toContainEqual({ field, message });
    expect((await adminOrder(order._id)).status).toBe('pending');
  });

  it.each([UNKNOWN_ID, 'not-an-id'])('answers 404 for %s', async (id) => {
    const failure = await expectFailure(t.app, statusRequest(id, { status: 'shipped' }), 404);
    expect(failure.message).toBe(ORDER_NOT_FOUND);
  });

  it('refuses a shopper, even on their own order, changing nothing', async () => {
    const { order, shopper } = await placedOrder();
    const failure = await expectFailure(
      t.app,
      statusRequest(order._id, { status: 'shipped' }, shopper),
      403,
    );
    expect(failure.message).toBe('You are not allowed to do that');
    expect((await shopperOrder(shopper, order._id)).status).toBe('pending');
  });
});
