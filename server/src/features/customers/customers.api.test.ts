import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCustomerDetailSchema, AdminCustomerPageSchema, OrderSchema } from '#contract';
import { users } from '#server/db/schema/accounts.ts';
import { newsletterSubscribers } from '#server/db/schema/messages.ts';
import { orderItems } from '#server/db/schema/orders.ts';
import { returnItems, returns } from '#server/db/schema/returns.ts';
import { reviews } from '#server/db/schema/reviews.ts';
import { asUser } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(() => t.close());

const list = (query: string) =>
  expectResult(
    t.app,
    asUser(admin, { url: `/api/v1/admin/customers?${query}` }),
    AdminCustomerPageSchema,
  );

const customer = (id: string) =>
  expectResult(
    t.app,
    asUser(admin, { url: `/api/v1/admin/customers/${id}` }),
    AdminCustomerDetailSchema,
  );

/** A cash order of `quantity` units at `price` by this shopper, without the new cart's coupon. */
async function order(shopper: SignedUp, price: number, quantity = 1) {
  const product = await createProduct(t.db, {
    title: `Tee ${price}`,
    price,
    stock: { M: quantity },
  });
  await addLine(t.app, shopper, product, 'M', quantity);
  const placed = await expectResult(
    t.app,
    checkoutRequest(shopper, { couponCode: '' }),
    OrderSchema,
    201,
  );
  return { order: placed, product };
}

/** A shopper with a unique name (the list is searched by it) and an address. */
async function shopper(name = `Meera ${crypto.randomUUID().slice(0, 8)}`) {
  const signedUp = await signUp(t.app, { name });
  await addAddress(t.app, signedUp);
  return signedUp;
}

describe('GET /api/v1/admin/customers', () => {
  it('answers 401 to a visitor and 403 to a shopper, on the list and on a customer', async () => {
    const someone = await signUp(t.app);
    for (const url of ['/api/v1/admin/customers', `/api/v1/admin/customers/${someone.user._id}`]) {
      await expectFailure(t.app, { url }, 401);
      await expectFailure(t.app, asUser(someone, { url }), 403);
    }
  });

  it('lists shoppers with orders, total spent and last order, cancelled orders left out', async () => {
    const buyer = await shopper();
    const kept = await order(buyer, 499, 2);
    const cancelled = await order(buyer, 1000);
    const cancel = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: `/api/v1/admin/orders/${cancelled.order._id}/status`,
        payload: { status: 'cancelled' },
      }),
    );
    expect(cancel.statusCode).toBe(200);
    const newcomer = await shopper();

    const page = await list(`search=${encodeURIComponent(buyer.user.name)}`);
    expect(page.total).toBe(1);
    expect(page.results[0]).toEqual({
      _id: buyer.user._id,
      name: buyer.user.name,
      email: buyer.email,
      joinedAt: expect.any(String),
      orders: 1,
      totalSpent: kept.order.totalPrice,
      lastOrderAt: kept.order.createdAt,
    });
    const [fresh] = (await list(`search=${encodeURIComponent(newcomer.user.name)}`)).results;
    expect(fresh).toMatchObject({ orders: 0, totalSpent: 0, lastOrderAt: null });
  });

  it('searches by part of the name or the email in any case, and leaves admins out', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const byName = await signUp(t.app, { name: `Ravi ${tag}` });
    const byEmail = await signUp(t.app, { email: `${tag}-ravi@example.com` });
    const found = await list(`search=${tag.toUpperCase()}&limit=100`);
    expect(found.results.map((row) => row._id).sort()).toEqual(
      [byName.user._id, byEmail.user._id].sort(),
    );
    expect((await list(`search=${encodeURIComponent(admin.email)}`)).total).toBe(0);
    // LIKE's wildcards are taken literally.
    expect((await list('search=%25')).total).toBe(0);
  });

  it('pages the newest accounts first', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const first = await signUp(t.app, { name: `Pager ${tag} one` });
    const second = await signUp(t.app, { name: `Pager ${tag} two` });
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, first.user._id));
    const pageOne = await list(`search=${tag}&limit=1`);
    expect(pageOne).toMatchObject({ total: 2, pages: 2, page: 1, limit: 1 });
    expect(pageOne.results.map((row) => row._id)).toEqual([second.user._id]);
    const pageTwo = await list(`search=${tag}&limit=1&page=2`);
    expect(pageTwo.results.map((row) => row._id)).toEqual([first.user._id]);
  });
});

describe('GET /api/v1/admin/customers/{id}', () => {
  it('shows addresses, every order, returns, reviews and the newsletter status', async () => {
    const buyer = await shopper();
    const { order: placed, product } = await order(buyer, 700, 2);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed._id));
    if (!line) throw new Error('the order has no line');
    const [asked] = await t.db
      .insert(returns)
      .values({ orderId: placed._id, refundPaise: 70_000 })
      .returning();
    if (!asked) throw new Error('no return');
    await t.db.insert(returnItems).values({
      returnId: asked.id,
      orderItemId: line.id,
      quantity: 1,
      kind: 'return',
      reason: 'Too small',
    });
    await t.db.insert(reviews).values({
      productId: product,
      userId: buyer.user._id,
      rating: 4,
      title: 'Soft cotton',
      text: 'Washes well.',
      hiddenAt: new Date(),
    });

    const before = await customer(buyer.user._id);
    expect(before.newsletter).toEqual({ subscribed: false, since: null });
    expect(before.addresses).toHaveLength(1);
    expect(before.addresses[0]).toMatchObject({ selected: true });
    expect(before.orderHistory).toEqual([
      {
        _id: placed._id,
        status: 'pending',
        totalPrice: placed.totalPrice,
        paymentMethod: 'cash',
        itemCount: 2,
        createdAt: placed.createdAt,
      },
    ]);
    expect(before.returns).toEqual([
      {
        _id: asked.id,
        orderId: placed._id,
        status: 'requested',
        refund: 700,
        itemCount: 1,
        createdAt: asked.createdAt.toISOString(),
      },
    ]);
    expect(before.reviews).toEqual([
      expect.objectContaining({
        productId: product,
        productTitle: 'Tee 700',
        rating: 4,
        title: 'Soft cotton',
        hidden: true,
      }),
    ]);

    // Subscribed but not confirmed: not on the list yet.
    const [subscription] = await t.db
      .insert(newsletterSubscribers)
      .values({ email: buyer.email.toUpperCase() })
      .returning();
    expect((await customer(buyer.user._id)).newsletter).toEqual({ subscribed: false, since: null });
    await t.db
      .update(newsletterSubscribers)
      .set({ confirmedAt: new Date() })
      .where(eq(newsletterSubscribers.id, subscription?.id ?? ''));
    const after = await customer(buyer.user._id);
    expect(after.newsletter).toEqual({ subscribed: true, since: expect.any(String) });
  });

  it('answers no password, hash, session or token', async () => {
    const buyer = await shopper();
    await order(buyer, 300);
    const [stored] = await t.db.select().from(users).where(eq(users.id, buyer.user._id));
    const answers = await Promise.all([
      t.app.inject(asUser(admin, { url: `/api/v1/admin/customers/${buyer.user._id}` })),
      t.app.inject(
        asUser(admin, {
          url: `/api/v1/admin/customers?search=${encodeURIComponent(buyer.email)}`,
        }),
      ),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(stored?.passwordHash);
      expect(answer.body).not.toContain(buyer.token);
      expect(answer.body).not.toContain(buyer.password);
      expect(answer.body).not.toMatch(/password|hash|token|session/i);
    }
  });

  it('answers 404 for an admin, an unknown id and a malformed one', async () => {
    for (const id of [admin.user._id, crypto.randomUUID(), 'not-an-id']) {
      await expectFailure(t.app, asUser(admin, { url: `/api/v1/admin/customers/${id}` }), 404);
    }
  });
});
