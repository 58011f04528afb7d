import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AdminOrderSchema,
  AdminReturnSchema,
  OrderSchema,
  ProductSchema,
  ReturnRequestSchema,
  type Size,
  STOCK_ALERT_CONFIRM_HOURS,
  STOCK_ALERT_CONFIRMATIONS_LIMITED,
  STOCK_ALERT_CONFIRMATIONS_PER_HOUR,
  STOCK_ALERT_EMAIL_REQUIRED,
  STOCK_ALERT_IN_STOCK,
  STOCK_ALERT_LINK_INVALID,
  STOCK_ALERT_NO_SUCH_SIZE,
  StockAlertSchema,
  WISHLIST_ITEM_NOT_FOUND,
  WishlistItemSchema,
} from '#contract';
import { stockAlertConfirmations, stockAlerts } from '#server/db/schema/wishlist.ts';
import { restockBody } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { archiveProduct, createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import { confirmLastStockAlert, stockAlertLinksTo } from '#server-test/stock-alerts.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(() => t.close());

const WishlistSchema = z.array(WishlistItemSchema);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const wishlistCall = (user: SignedUp, method: 'GET' | 'POST', url = '', payload?: object) =>
  ({ method, url: `/api/v1/wishlist${url}`, headers: user.auth, payload }) as InjectOptions;
const savedIds = (items: z.infer<typeof WishlistSchema>) => items.map((item) => item.product._id);

const alertRequest = (productId: string, body: object, user?: SignedUp): InjectOptions => ({
  method: 'POST',
  url: `/api/v1/product/${productId}/stock-alerts`,
  payload: body,
  ...(user && { headers: user.auth }),
});

/** The owner sets a product's stock per size through the admin edit (D25). */
async function restock(productId: string, sizes: Partial<Record<Size, number>>) {
  const product = await expectResult(t.app, `/api/v1/product/${productId}`, ProductSchema);
  const response = await call(t.app, {
    method: 'PUT',
    url: `/api/v1/admin/products/${productId}`,
    headers: admin.auth,
    payload: restockBody(product, sizes),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const backInStockTo = async (email: string) =>
  (await findMessagesTo(t.db, email)).filter((message) => message.kind === 'back-in-stock');

describe('the wishlist (D33)', () => {
  it('needs a signed-in shopper', async () => {
    await expectFailure(t.app, '/api/v1/wishlist', 401);
  });

  it('saves a product once, lists it with its current price and stock, and forgets it', async () => {
    const shopper = await signUp(t.app);
    const id = await createProduct(t.db, { price: 799, stock: { S: 0, M: 3 } });
    const saved = await expectResult(
      t.app,
      wishlistCall(shopper, 'POST', '', { productId: id }),
      WishlistSchema,
      201,
    );
    expect(saved).toHaveLength(1);
    expect(saved[0]?.product).toMatchObject({ _id: id, price: 799, sizes: { S: 0, M: 3 } });
    await expectResult(
      t.app,
      wishlistCall(shopper, 'POST', '', { productId: id }),
      WishlistSchema,
      201,
    );
    expect(await expectResult(t.app, wishlistCall(shopper, 'GET'), WishlistSchema)).toHaveLength(1);

    const removed = await expectResult(
      t.app,
      { method: 'DELETE', url: `/api/v1/wishlist/${id}`, headers: shopper.auth },
      WishlistSchema,
    );
    expect(removed).toEqual([]);
    const again = await expectFailure(
      t.app,
      { method: 'DELETE', url: `/api/v1/wishlist/${id}`, headers: shopper.auth },
      404,
    );
    expect(again.message).toBe(WISHLIST_ITEM_NOT_FOUND);
  });

  it('answers 404 for a product not on sale, and leaves archived ones out of the list', async () => {
    const shopper = await signUp(t.app);
    await expectFailure(t.app, wishlistCall(shopper, 'POST', '', { productId: UNKNOWN_ID }), 404);
    const id = await createProduct(t.db);
    await expectResult(
      t.app,
      wishlistCall(shopper, 'POST', '', { productId: id }),
      WishlistSchema,
      201,
    );
    await archiveProduct(t.db, id);
    expect(await expectResult(t.app, wishlistCall(shopper, 'GET'), WishlistSchema)).toEqual([]);
  });

  it("merges a guest's list at sign-in: duplicates, unknown and archived products skipped", async () => {
    const shopper = await signUp(t.app);
    const [kept, first, second, archived] = await Promise.all(
      Array.from({ length: 4 }, () => createProduct(t.db)),
    );
    if (!kept || !first || !second || !archived) throw new Error('no products');
    await archiveProduct(t.db, archived);
    await expectResult(
      t.app,
      wishlistCall(shopper, 'POST', '', { productId: kept }),
      WishlistSchema,
      201,
    );
    const merged = await expectResult(
      t.app,
      wishlistCall(shopper, 'POST', '/merge', {
        productIds: [first, kept, UNKNOWN_ID, archived, second, first],
      }),
      WishlistSchema,
    );
    // Newest first: the guest's last saved product leads, the account's older one ends.
    expect(savedIds(merged)).toEqual([second, first, kept]);
    const again = await expectResult(
      t.app,
      wishlistCall(shopper, 'POST', '/merge', { productIds: [first, second] }),
      WishlistSchema,
    );
    expect(savedIds(again)).toEqual([second, first, kept]);
  });

  it('answers 400 for a merge that is not a list of ids', async () => {
    const shopper = await signUp(t.app);
    await expectFailure(t.app, wishlistCall(shopper, 'POST', '/merge', { productIds: 'x' }), 400);
  });
});

describe("'Notify me' on a sold-out size (D33)", () => {
  it('refuses a size in stock (409), a size not sold (400) and a guest without an email (400)', async () => {
    const id = await createProduct(t.db, { stock: { S: 0, M: 2 } });
    const inStock = await expectFailure(
      t.app,
      alertRequest(id, { size: 'M', email: 'a@example.com' }),
      409,
    );
    expect(inStock.message).toBe(STOCK_ALERT_IN_STOCK);
    const notSold = await expectFailure(
      t.app,
      alertRequest(id, { size: 'XL', email: 'a@example.com' }),
      400,
    );
    expect(notSold.message).toBe(STOCK_ALERT_NO_SUCH_SIZE);
    const noEmail = await expectFailure(t.app, alertRequest(id, { size: 'S' }), 400);
    expect(noEmail.errors).toEqual([{ field: 'email', message: STOCK_ALERT_EMAIL_REQUIRED }]);
    await expectFailure(
      t.app,
      alertRequest(UNKNOWN_ID, { size: 'S', email: 'a@example.com' }),
      404,
    );
    await expectFailure(t.app, alertRequest(id, { size: 'S', email: 'not an email' }), 400);
  });

  it('emails each request once when the owner restocks the size, and never again', async () => {
    const id = await createProduct(t.db, { title: 'Moss Tee', stock: { S: 0, M: 2 } });
    const guest = `guest-${crypto.randomUUID()}@example.com`;
    const shopper = await signUp(t.app, { name: 'Meera Iyer' });
    const asked = await expectResult(
      t.app,
      alertRequest(id, { size: 'S', email: guest }),
      StockAlertSchema,
      201,
    );
    expect(asked).toEqual({ productId: id, size: 'S', email: guest, status: 'pending' });
    // Asking twice stands as one request.
    await expectResult(
      t.app,
      alertRequest(id, { size: 'S', email: guest.toUpperCase() }),
      StockAlertSchema,
      201,
    );
    const mine = await expectResult(
      t.app,
      alertRequest(id, { size: 'S' }, shopper),
      StockAlertSchema,
      201,
    );
    expect(mine).toMatchObject({ email: shopper.user.email, status: 'active' });
    await confirmLastStockAlert(t.app, t.db, guest);

    await restock(id, { S: 0, M: 5 });
    expect(await backInStockTo(guest)).toEqual([]);
    await restock(id, { S: 4, M: 5 });
    const [message, ...more] = await backInStockTo(guest);
    expect(more).toEqual([]);
    expect(message?.subject).toBe('Moss Tee in size S is back');
    expect(message?.text).toContain('Hi there,');
    const [shoppers] = await backInStockTo(shopper.user.email);
    expect(shoppers?.text).toContain('Hi Meera Iyer,');

    await restock(id, { S: 0, M: 5 });
    await restock(id, { S: 3, M: 5 });
    expect(await backInStockTo(guest)).toHaveLength(1);
  });

  it('emails when a cancelled order brings the last unit back', async () => {
    const id = await createProduct(t.db, { title: 'Last Tee', stock: { M: 1 } });
    const buyer = await signUp(t.app);
    await addAddress(t.app, buyer);
    await addLine(t.app, buyer, id, 'M', 1);
    const order = await expectResult(t.app, checkoutRequest(buyer), OrderSchema, 201);
    const waiting = `waiting-${crypto.randomUUID()}@example.com`;
    await expectResult(
      t.app,
      alertRequest(id, { size: 'M', email: waiting }),
      StockAlertSchema,
      201,
    );
    await confirmLastStockAlert(t.app, t.db, waiting);
    expect(await backInStockTo(waiting)).toEqual([]);
    await expectResult(
      t.app,
      { method: 'POST', url: `/api/v1/order/${order._id}/cancel`, headers: buyer.auth },
      OrderSchema,
    );
    expect(await backInStockTo(waiting)).toHaveLength(1);
  });

  it('emails when a received return brings the last unit back (D31)', async () => {
    const id = await createProduct(t.db, { title: 'Returned Tee', stock: { M: 1 } });
    const buyer = await signUp(t.app);
    await addAddress(t.app, buyer);
    await addLine(t.app, buyer, id, 'M', 1);
    const order = await expectResult(t.app, checkoutRequest(buyer), OrderSchema, 201);
    const asAdmin = (url: string, payload?: object) => ({
      method: 'POST' as const,
      url: `/api/v1/admin/${url}`,
      headers: admin.auth,
      ...(payload && { payload }),
    });
    for (const status of ['shipped', 'delivered']) {
      await expectResult(
        t.app,
        asAdmin(`orders/${order._id}/status`, { status }),
        AdminOrderSchema,
      );
    }
    const waiting = `waiting-${crypto.randomUUID()}@example.com`;
    await expectResult(
      t.app,
      alertRequest(id, { size: 'M', email: waiting }),
      StockAlertSchema,
      201,
    );
    await confirmLastStockAlert(t.app, t.db, waiting);
    const [line] = order.items;
    const asked = await expectResult(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/order/${order._id}/returns`,
        headers: buyer.auth,
        payload: {
          items: [{ orderItemId: line?._id, quantity: 1, kind: 'return', reason: 'changed-mind' }],
        },
      },
      ReturnRequestSchema,
      201,
    );
    await expectResult(t.app, asAdmin(`returns/${asked._id}/approve`, {}), AdminReturnSchema);
    // Approving moves no stock: nothing is back yet.
    expect(await backInStockTo(waiting)).toEqual([]);
    await expectResult(t.app, asAdmin(`returns/${asked._id}/receive`), AdminReturnSchema);
    const [message, ...more] = await backInStockTo(waiting);
    expect(more).toEqual([]);
    expect(message?.subject).toBe('Returned Tee in size M is back');
  });
});

describe("a request for an email not the shopper's own waits for a mailed link (double opt-in)", () => {
  const confirm = (token: string) => ({
    method: 'POST' as const,
    url: '/api/v1/stock-alerts/confirm',
    payload: { token },
  });
  const isKept = async (productId: string, email: string) =>
    (await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId))).some(
      (alert) => alert.email === email,
    );

  it("a guest's request is not kept, nor answered by a restock, until its link is followed, once", async () => {
    const id = await createProduct(t.db, { title: 'Opt-in Tee', stock: { S: 0, M: 2 } });
    const guest = `guest-${crypto.randomUUID()}@example.com`;
    const asked = await expectResult(
      t.app,
      alertRequest(id, { size: 'S', email: guest }),
      StockAlertSchema,
      201,
    );
    expect(asked.status).toBe('pending');
    expect(await isKept(id, guest)).toBe(false);
    const [message] = (await findMessagesTo(t.db, guest)).filter(
      (mail) => mail.kind === 'stock-alert-confirm',
    );
    expect(message?.subject).toBe('Confirm: tell me when Opt-in Tee is back in size S');
    const [token] = await stockAlertLinksTo(t.db, guest);
    if (!token) throw new Error('No confirmation link');
    // Only the token's SHA-256 is stored.
    const [pending] = await t.db
      .select()
      .from(stockAlertConfirmations)
      .where(eq(stockAlertConfirmations.email, guest));
    expect(pending?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(pending)).not.toContain(token);

    await restock(id, { S: 3, M: 2 });
    expect(await backInStockTo(guest)).toEqual([]);
    await restock(id, { S: 0, M: 2 });

    const confirmed = await expectResult(t.app, confirm(token), StockAlertSchema);
    expect(confirmed).toEqual({ productId: id, size: 'S', email: guest, status: 'active' });
    expect(await isKept(id, guest)).toBe(true);
    const again = await expectFailure(t.app, confirm(token), 400);
    expect(again.errors).toEqual([{ field: 'token', message: STOCK_ALERT_LINK_INVALID }]);
    await expectFailure(t.app, confirm('not-a-real-token'), 400);

    await restock(id, { S: 3, M: 2 });
    expect(await backInStockTo(guest)).toHaveLength(1);
  });

  it('a signed-in shopper cannot make an alert for another email without its link; their own needs none', async () => {
    const id = await createProduct(t.db, { title: 'Other Tee', stock: { S: 0, M: 2 } });
    const shopper = await signUp(t.app, { name: 'Kiran Rao' });
    const victim = `victim-${crypto.randomUUID()}@example.com`;
    const forOther = await expectResult(
      t.app,
      alertRequest(id, { size: 'S', email: victim }, shopper),
      StockAlertSchema,
      201,
    );
    expect(forOther.status).toBe('pending');
    expect(await isKept(id, victim)).toBe(false);
    const own = await expectResult(
      t.app,
      alertRequest(id, { size: 'S', email: shopper.user.email.toUpperCase() }, shopper),
      StockAlertSchema,
      201,
    );
    expect(own).toMatchObject({ email: shopper.user.email, status: 'active' });

    await restock(id, { S: 2, M: 2 });
    expect(await backInStockTo(victim)).toEqual([]);
    expect(await backInStockTo(shopper.user.email)).toHaveLength(1);
    // The link, followed after the restock, keeps a request for the next one; nobody else's name greets the owner.
    await restock(id, { S: 0, M: 2 });
    await confirmLastStockAlert(t.app, t.db, victim);
    await restock(id, { S: 2, M: 2 });
    const [message] = await backInStockTo(victim);
    expect(message?.text).toContain('Hi there,');
  });

  it(`forgets an unconfirmed request after ${STOCK_ALERT_CONFIRM_HOURS} hours`, async () => {
    const id = await createProduct(t.db, { stock: { S: 0, M: 2 } });
    const guest = `late-${crypto.randomUUID()}@example.com`;
    await expectResult(t.app, alertRequest(id, { size: 'S', email: guest }), StockAlertSchema, 201);
    const [pending] = await t.db
      .select()
      .from(stockAlertConfirmations)
      .where(eq(stockAlertConfirmations.email, guest));
    const hours =
      ((pending?.expiresAt.getTime() ?? 0) - (pending?.createdAt.getTime() ?? 0)) / 3_600_000;
    expect(hours).toBeCloseTo(STOCK_ALERT_CONFIRM_HOURS, 2);
    await t.db
      .update(stockAlertConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stockAlertConfirmations.email, guest));
    const [token] = await stockAlertLinksTo(t.db, guest);
    const expired = await expectFailure(t.app, confirm(token ?? ''), 400);
    expect(expired.message).toBe(STOCK_ALERT_LINK_INVALID);
    expect(await isKept(id, guest)).toBe(false);
  });

  // The route's own limit per client address (20 a minute) is not what this test is about.
  const fromItsOwnAddress = (request: InjectOptions): InjectOptions => ({
    ...request,
    remoteAddress: '198.51.100.77',
  });

  it(`sends one email at most ${STOCK_ALERT_CONFIRMATIONS_PER_HOUR} links an hour`, async () => {
    const id = await createProduct(t.db, { stock: { S: 0, M: 0, L: 0, XL: 0, XXL: 0, XS: 0 } });
    const guest = `flooded-${crypto.randomUUID()}@example.com`;
    const sizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
    const statuses = [];
    for (const size of sizes) {
      statuses.push(
        (await call(t.app, fromItsOwnAddress(alertRequest(id, { size, email: guest })))).status,
      );
    }
    expect(statuses).toEqual([...Array(STOCK_ALERT_CONFIRMATIONS_PER_HOUR).fill(201), 429]);
    const limited = await expectFailure(
      t.app,
      fromItsOwnAddress(alertRequest(id, { size: 'S', email: guest })),
      429,
    );
    expect(limited.message).toBe(STOCK_ALERT_CONFIRMATIONS_LIMITED);
    expect(await stockAlertLinksTo(t.db, guest)).toHaveLength(STOCK_ALERT_CONFIRMATIONS_PER_HOUR);
  });
});
