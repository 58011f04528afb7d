import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CartItemSchema,
  IDEMPOTENCY_KEY_MESSAGE,
  type Order,
  OrderSchema,
  SHOPPER_CANCEL_REFUSED,
} from '#contract';
import { idempotencyKeys, orderEvents, orderItems, orders } from '#server/db/schema/orders.ts';
import { savedCards } from '#server/db/schema/payments.ts';
import { estimatedDelivery } from '#server/lib/dates.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct, setStock } from '#server-test/catalogue-fixtures.ts';
import {
  addAddress,
  addLine,
  addressBody,
  checkoutRequest,
  stockOf,
  unitsSoldOf,
} from '#server-test/checkout-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { KEY_REUSED, NO_ADDRESS, NO_SELECTED_ITEMS, ORDER_NOT_FOUND } from './orders.messages.ts';

let t: TestApp;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const VISA = '4111 1111 1111 1111';
const card = (overrides: Record<string, unknown> = {}) => ({
  name: 'Asha Rao',
  number: VISA,
  expMonth: 12,
  expYear: NEXT_YEAR,
  cvv: '737',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OrdersSchema = z.array(OrderSchema);

/** A tee (₹499) and a hoodie (₹1299.50), fresh for each test so stock counts are its own. */
async function products(
  stock: { tee?: Record<string, number>; hoodie?: Record<string, number> } = {},
) {
  const tee = await createProduct(t.db, {
    title: 'Order Tee',
    price: 499,
    stock: stock.tee ?? { S: 3, M: 5 },
  });
  const hoodie = await createProduct(t.db, {
    title: 'Order Hoodie',
    category: 'Hoodies',
    price: 1299.5,
    color: { name: 'Black', hex: '#111827' },
    stock: stock.hoodie ?? { L: 4 },
  });
  return { tee, hoodie };
}

/** A shopper with an address and, in the cart, 2 tees (M) and 1 hoodie (L). */
async function readyShopper(ids: { tee: string; hoodie: string }) {
  const user = await signUp(t.app);
  await addAddress(t.app, user);
  await addLine(t.app, user, ids.tee, 'M', 2);
  await addLine(t.app, user, ids.hoodie, 'L', 1);
  return user;
}

const place = (user: SignedUp, payload: unknown = {}, key?: string) =>
  expectResult(t.app, checkoutRequest(user, payload, key), OrderSchema, 201);

const cartOf = (user: SignedUp) =>
  expectResult(t.app, { url: '/api/v1/cart/get-all', headers: user.auth }, z.array(CartItemSchema));

const history = (user: SignedUp) =>
  expectResult(t.app, { url: '/api/v1/order/history', headers: user.auth }, OrdersSchema);

const cancelRequest = (user: SignedUp | undefined, id: string): InjectOptions => ({
  method: 'POST',
  url: `/api/v1/order/${id}/cancel`,
  headers: { ...user?.auth },
});

async function orderCount(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.userId, userId));
  return row?.n ?? 0;
}

/** Everything a failed checkout must leave untouched. */
async function snapshot(user: SignedUp, ids: { tee: string; hoodie: string }) {
  return {
    teeM: await stockOf(t.db, ids.tee, 'M'),
    hoodieL: await stockOf(t.db, ids.hoodie, 'L'),
    teeSold: await unitsSoldOf(t.db, ids.tee),
    hoodieSold: await unitsSoldOf(t.db, ids.hoodie),
    cart: (await cartOf(user)).map((line) => [line._id, line.quantity, line.selected]),
    orders: await orderCount(user.user._id),
    savedCards: (await t.db.select().from(savedCards).where(eq(savedCards.userId, user.user._id)))
      .length,
  };
}

describe('POST /api/v1/order/checkout', () => {
  it('orders the selected lines to the selected address, paying cash on delivery when no method is sent', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const unselected = await addLine(t.app, user, ids.tee, 'S', 1);
    await call(t.app, {
      method: 'PUT',
      url: `/api/v1/cart/update/${unselected._id}`,
      headers: user.auth,
      payload: { selected: false },
    });

    const order = await place(user);

    // A new cart has MAX500 applied (D10): 2.5% of ₹2297.50 is ₹57.44.
    expect(order).toMatchObject({
      status: 'pending',
      subtotal: 2297.5,
      discount: 57.44,
      couponCode: 'MAX500',
      giftWrap: 0,
      giftMessage: null,
      totalPrice: 2240.06,
      paymentMethod: 'cash',
      card: null,
      address: addressBody,
      deliveredAt: null,
    });
    expect(order.items).toEqual([
      {
        _id: expect.any(String),
        productId: ids.tee,
        name: 'Order Tee',
        image: expect.stringMatching(/^\/media\//),
        size: 'M',
        color: { name: 'White', hex: '#ffffff' },
        garment: 'tee',
        price: 499,
        quantity: 2,
        design: null,
        printAreas: null,
        personalisation: null,
      },
      {
        _id: expect.any(String),
        productId: ids.hoodie,
        name: 'Order Hoodie',
        image: expect.stringMatching(/^\/media\//),
        size: 'L',
        color: { name: 'Black', hex: '#111827' },
        // Copied at checkout from the product's category (issue 28).
        garment: 'hoodie',
        price: 1299.5,
        quantity: 1,
        design: null,
        printAreas: null,
        personalisation: null,
      },
    ]);
    expect(Math.abs(Date.parse(order.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(order.estimateDeliveryDate).toBe(estimatedDelivery(new Date(order.createdAt)));
    expect(order.events).toEqual([{ type: 'placed', at: order.createdAt, note: null }]);

    // Stock came out, units sold went up.
    expect(await stockOf(t.db, ids.tee, 'M')).toBe(3);
    expect(await stockOf(t.db, ids.hoodie, 'L')).toBe(3);
    expect(await stockOf(t.db, ids.tee, 'S')).toBe(3);
    expect(await unitsSoldOf(t.db, ids.tee)).toBe(2);
    expect(await unitsSoldOf(t.db, ids.hoodie)).toBe(1);

    // The ordered lines left the cart; the unselected one stayed.
    expect((await cartOf(user)).map((line) => line._id)).toEqual([unselected._id]);

    // It is the order the history and the detail answer.
    expect(await history(user)).toEqual([order]);
    expect(
      await expectResult(
        t.app,
        { url: `/api/v1/order/${order._id}`, headers: user.auth },
        OrderSchema,
      ),
    ).toEqual(order);
  });

  it('charges database prices: prices and totals sent in the body are ignored', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const order = await place(user, {
      totalPrice: 1,
      subtotal: 1,
      discount: 2000,
      price: 1,
      items: [{ productId: ids.tee, price: 1, quantity: 2 }],
    });
    expect(order.subtotal).toBe(2297.5);
    expect(order.totalPrice).toBe(2240.06);
    expect(order.items.map((item) => item.price)).toEqual([499, 1299.5]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ subtotalPaise: 229_750, totalPaise: 224_006, discountPaise: 5744 });
  });

  it('applies a coupon (D10) and gift wrap with its message (D16), exactly as the quote shows', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const quote = await call(t.app, {
      url: '/api/v1/cart/quote?couponCode=max500&giftWrap=true',
      headers: user.auth,
    });
    const order = await place(user, {
      couponCode: 'max500',
      giftWrap: { message: '  Happy birthday, Ravi!  ' },
    });
    // 2.5% of ₹2297.50 is ₹57.4375, rounded to the paisa; gift wrap is ₹20.
    expect(order).toMatchObject({
      subtotal: 2297.5,
      discount: 57.44,
      couponCode: 'MAX500',
      giftWrap: 20,
      giftMessage: 'Happy birthday, Ravi!',
      totalPrice: 2260.06,
    });
    expect(quote.body.result).toMatchObject({
      subtotal: 2297.5,
      discount: 57.44,
      giftWrap: 20,
      total: 2260.06,
    });
  });

  it('wraps a gift with no message', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const order = await place(user, { couponCode: '', giftWrap: {} });
    expect(order).toMatchObject({ giftWrap: 20, giftMessage: null, totalPrice: 2317.5 });
  });

  it('caps the coupon at ₹500', async () => {
    const expensive = await createProduct(t.db, {
      title: 'Gold Jacket',
      price: 15_000,
      stock: { M: 3 },
    });
    const user = await signUp(t.app);
    await addAddress(t.app, user);
    await addLine(t.app, user, expensive, 'M', 3);
    // By card: ₹44,500 is above the ₹5,000 cash on delivery takes by default (issue 25).
    const order = await place(user, {
      couponCode: 'MAX500',
      paymentMethod: 'debit-card',
      card: card(),
    });
    expect(order).toMatchObject({ subtotal: 45_000, discount: 500, totalPrice: 44_500 });
  });

  it('refuses a coupon that does not apply, changing nothing', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const before = await snapshot(user, ids);
    const failure = await expectFailure(t.app, checkoutRequest(user, { couponCode: 'NOPE' }), 400);
    expect(failure.message).toBe('This coupon code is not valid');
    expect(failure.errors).toEqual([
      { field: 'couponCode', message: 'This coupon code is not valid' },
    ]);
    expect(await snapshot(user, ids)).toEqual(before);
  });

  it('pays by card, keeping only brand and last 4: never the number or CVV', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const response = await call(
      t.app,
      checkoutRequest(user, {
        paymentMethod: 'debit-card',
        card: card({ number: '5555-5555-5555-4444', cvv: '913', save: true }),
      }),
    );
    expect(response.status).toBe(201);
    const order = OrderSchema.parse(response.body.result);
    expect(order.paymentMethod).toBe('debit-card');
    expect(order.card).toEqual({ brand: 'Mastercard', last4: '4444' });

    const stored = JSON.stringify({
      response: response.body,
      orders: await t.db.select().from(orders).where(eq(orders.id, order._id)),
      items: await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id)),
      events: await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id)),
      cards: await t.db.select().from(savedCards).where(eq(savedCards.userId, user.user._id)),
    });
    for (const secret of ['5555555555554444', '5555-5555-5555-4444', '555555555555']) {
      expect(stored).not.toContain(secret);
    }
    // A 3-digit CVV can turn up inside any id or timestamp by chance: look for it as a value.
    const leaves = (value: unknown): unknown[] =>
      value !== null && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [value];
    expect(leaves(JSON.parse(stored)).map(String)).not.toContain('913');
    const saved = await t.db.select().from(savedCards).where(eq(savedCards.userId, user.user._id));
    expect(saved).toEqual([
      {
        id: expect.any(String),
        userId: user.user._id,
        name: 'Asha Rao',
        brand: 'Mastercard',
        last4: '4444',
        expMonth: 12,
        expYear: NEXT_YEAR,
        // The provider's token for the card: what a later checkout charges, with its CVV.
        token: expect.stringMatching(/^tok_/),
        createdAt: expect.any(Date),
      },
    ]);
  });

  it.each([
    ['4111111111111111', 'Visa', '1111'],
    ['378282246310005', 'Amex', '0005'],
    ['6521 0000 0000 0007', 'RuPay', '0007'],
    ['2223003122003222', 'Mastercard', '3222'],
    ['3530111333300000', 'Card', '0000'],
  ])('names the brand of %s', async (number, brand, last4) => {
    const ids = await products();
    const user = await readyShopper(ids);
    const order = await place(user, { paymentMethod: 'debit-card', card: card({ number }) });
    expect(order.card).toEqual({ brand, last4 });
    expect(
      await t.db.select().from(savedCards).where(eq(savedCards.userId, user.user._id)),
    ).toEqual([]);
  });

  it('answers 402 for a declined card and changes nothing: stock, cart, no order, no saved card', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const before = await snapshot(user, ids);
    const failure = await expectFailure(
      t.app,
      checkoutRequest(user, {
        paymentMethod: 'debit-card',
        card: card({ number: '4000 0000 0000 0002', save: true }),
      }),
      402,
    );
    expect(failure.message).toBe('Your card was declined');
    expect(await snapshot(user, ids)).toEqual(before);
  });

  it.each([
    [{ number: '4111 1111 1111 1112' }, 'Card number is not valid'],
    [{ expYear: 2020, expMonth: 1 }, 'Card has expired'],
  ])('refuses card %o with 400 %s, changing nothing', async (change, message) => {
    const ids = await products();
    const user = await readyShopper(ids);
    const before = await snapshot(user, ids);
    const failure = await expectFailure(
      t.app,
      checkoutRequest(user, { paymentMethod: 'debit-card', card: card({ ...change, save: true }) }),
      400,
    );
    expect(failure.message).toBe(message);
    expect(await snapshot(user, ids)).toEqual(before);
  });

  it('takes cash when a card is sent with paymentMethod cash, and keeps nothing of the card', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const order = await place(user, { paymentMethod: 'cash', card: card({ save: true }) });
    expect(order).toMatchObject({ paymentMethod: 'cash', card: null });
    expect(
      await t.db.select().from(savedCards).where(eq(savedCards.userId, user.user._id)),
    ).toEqual([]);
  });

  describe('refuses what it cannot order', () => {
    it('answers 400 with an empty cart, and with no line selected', async () => {
      const ids = await products();
      const user = await signUp(t.app);
      await addAddress(t.app, user);
      expect((await expectFailure(t.app, checkoutRequest(user), 400)).message).toBe(
        NO_SELECTED_ITEMS,
      );
      await addLine(t.app, user, ids.tee, 'M', 1);
      await call(t.app, {
        method: 'PUT',
        url: '/api/v1/cart/update-many',
        headers: user.auth,
        payload: { selected: false },
      });
      expect((await expectFailure(t.app, checkoutRequest(user), 400)).message).toBe(
        NO_SELECTED_ITEMS,
      );
      expect(await stockOf(t.db, ids.tee, 'M')).toBe(5);
    });

    it('answers 400 without a delivery address, changing nothing', async () => {
      const ids = await products();
      const user = await signUp(t.app);
      await addLine(t.app, user, ids.tee, 'M', 2);
      const before = await snapshot(user, ids);
      expect((await expectFailure(t.app, checkoutRequest(user), 400)).message).toBe(NO_ADDRESS);
      expect(await snapshot(user, ids)).toEqual(before);
    });

    it('answers 409 naming the item when its stock is short, and takes none of the other lines', async () => {
      const ids = await products({ tee: { M: 5 }, hoodie: { L: 4 } });
      const user = await readyShopper(ids);
      // Someone else buys all but 1 of the hoodies' size L after this shopper filled the cart.
      await setStock(t.db, ids.hoodie, 'L', 0);
      const before = await snapshot(user, ids);
      const out = await expectFailure(t.app, checkoutRequest(user), 409);
      expect(out.message).toBe('Order Hoodie (size L) is out of stock');
      expect(await snapshot(user, ids)).toEqual(before);
      expect(before.teeM).toBe(5);

      // 1 tee M left when 2 are in the cart.
      await setStock(t.db, ids.tee, 'M', 1);
      const cart = await cartOf(user);
      const hoodieLine = cart.find((line) => line.productId._id === ids.hoodie);
      await call(t.app, {
        method: 'PUT',
        url: `/api/v1/cart/update/${hoodieLine?._id}`,
        headers: user.auth,
        payload: { selected: false },
      });
      const short = await expectFailure(t.app, checkoutRequest(user), 409);
      expect(short.message).toBe('Only 1 left of Order Tee (size M)');
      expect(await stockOf(t.db, ids.tee, 'M')).toBe(1);
      expect(await orderCount(user.user._id)).toBe(0);
    });
  });

  describe('validates the body', () => {
    it.each([
      [
        { paymentMethod: 'bitcoin' },
        'paymentMethod',
        'paymentMethod must be cash, debit-card or online',
      ],
      [{ paymentMethod: 42 }, 'paymentMethod', 'paymentMethod must be cash, debit-card or online'],
      [{ paymentMethod: 'debit-card' }, 'card', 'Card details are required to pay by card'],
      [
        { paymentMethod: 'debit-card', card: card({ number: 'abcd' }) },
        'card.number',
        'Card number must be 12 to 19 digits',
      ],
      [
        { paymentMethod: 'debit-card', card: card({ number: '4111' }) },
        'card.number',
        'Card number must be 12 to 19 digits',
      ],
      [
        { paymentMethod: 'debit-card', card: card({ number: '1'.repeat(100_000) }) },
        'card.number',
        'Card number must be 12 to 19 digits',
      ],
      [
        { paymentMethod: 'debit-card', card: card({ number: undefined }) },
        'card.number',
        'Card number is required',
      ],
      [
        { paymentMethod: 'debit-card', card: card({ cvv: '12' }) },
        'card.cvv',
        'CVV must be 3 digits',
      ],
      [
        { paymentMethod: 'debit-card', card: card({ cvv: '1234' }) },
        'card.cvv',
        'CVV must be 3 digits',
      ],
      [
        { paymentMethod: 'debit-card', card: card({ expMonth: 13 }) },
        'card.expMonth',
        'Expiry month must be 1 to 12',
      ],
      [
        { paymentMethod: 'debit-card', card: card({ expMonth: 0 }) },
        'card.expMonth',
        'Expiry month must be 1 to 12',
      ],
      [
        { paymentMethod: 'debit-card', card: card({ expYear: 1999 }) },
        'card.expYear',
        'Expiry year is not valid',
      ],
      [
        { paymentMethod: 'debit-card', card: card({ name: '   ' }) },
        'card.name',
        'Name on card is required',
      ],
      [
        { paymentMethod: 'debit-card', card: card({ name: 'x'.repeat(101) }) },
        'card.name',
        'Name on card must be at most 100 characters',
      ],
      [{ couponCode: 'x'.repeat(41) }, 'couponCode', 'couponCode must be at most 40 characters'],
      [
        { couponCode: 'x'.repeat(100_000) },
        'couponCode',
        'couponCode must be at most 40 characters',
      ],
      [
        { giftWrap: { message: 'x'.repeat(201) } },
        'giftWrap.message',
        'Gift message must be at most 200 characters',
      ],
      [
        { giftWrap: { message: 'x'.repeat(100_000) } },
        'giftWrap.message',
        'Gift message must be at most 200 characters',
      ],
    ])('refuses %o', async (payload, field, message) => {
      const user = await signUp(t.app);
      const failure = await expectFailure(t.app, checkoutRequest(user, payload), 400);
      expect(failure.errors).toContainEqual({ field, message });
    });

    it.each([
      [{ paymentMethod: 'debit-card', card: card({ expMonth: 6.5 }) }],
      [{ paymentMethod: 'debit-card', card: card({ expMonth: '12' }) }],
      [{ paymentMethod: 'debit-card', card: card({ cvv: 737 }) }],
      [{ paymentMethod: 'debit-card', card: card({ save: 'yes' }) }],
      [{ paymentMethod: 'debit-card', card: 'card' }],
      [{ giftWrap: true }],
      [{ giftWrap: { message: 5 } }],
      [{ couponCode: ['MAX500'] }],
      [[]],
      [42],
    ])('refuses wrong types %o with a message', async (payload) => {
      const user = await signUp(t.app);
      const failure = await expectFailure(t.app, checkoutRequest(user, payload), 400);
      expect(failure.message.length).toBeGreaterThan(0);
    });

    it('refuses malformed JSON and __proto__ keys with 4xx, never 5xx, and keeps answering', async () => {
      const ids = await products();
      const user = await readyShopper(ids);
      const malformed = await call(t.app, {
        method: 'POST',
        url: '/api/v1/order/checkout',
        headers: { ...user.auth, 'content-type': 'application/json' },
        payload: '{"paymentMethod": "cash",',
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ success: false, message: expect.any(String) });

      const proto = await call(t.app, {
        method: 'POST',
        url: '/api/v1/order/checkout',
        headers: { ...user.auth, 'content-type': 'application/json' },
        payload:
          '{"__proto__": {"paymentMethod": "bitcoin", "totalPrice": 1}, "constructor": {"prototype": {"x": 1}}}',
      });
      expect(proto.status).toBeGreaterThanOrEqual(400);
      expect(proto.status).toBeLessThan(500);
      expect(proto.body).toMatchObject({ success: false, message: expect.any(String) });

      // Still answering, and nothing was ordered by the bad calls.
      expect(await orderCount(user.user._id)).toBe(0);
      const order = await place(user, { paymentMethod: 'cash', couponCode: '' });
      expect(order.totalPrice).toBe(2297.5);
    });
  });
});

describe('Idempotency-Key (D18)', () => {
  it.each([
    ['', 'empty'],
    ['x'.repeat(101), 'too long'],
    ['has space', 'a space'],
    ['key/with/slash', 'a slash'],
    ['ключ', 'non-ASCII letters'],
  ])('refuses %o (%s) with 400', async (key) => {
    const user = await signUp(t.app);
    const failure = await expectFailure(t.app, checkoutRequest(user, {}, key), 400);
    expect(failure.message).toBe(IDEMPOTENCY_KEY_MESSAGE);
  });

  it('accepts 100 characters of letters, digits, _ and -', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const key = `${'a1_-B'.repeat(20)}`;
    expect(key).toHaveLength(100);
    await place(user, {}, key);
  });

  it('answers a retry with the same key and body with the first order, placing one order only', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const key = crypto.randomUUID();
    const first = await place(user, { couponCode: 'MAX500', giftWrap: { message: 'Hi' } }, key);
    // Same request, its keys in another order, the header name in another case.
    const again = await expectResult(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/order/checkout',
        headers: { ...user.auth, 'idempotency-key': key },
        payload: { giftWrap: { message: 'Hi' }, couponCode: 'MAX500', paymentMethod: 'cash' },
      },
      OrderSchema,
      201,
    );
    expect(again).toEqual(first);
    expect(await orderCount(user.user._id)).toBe(1);
    expect(await stockOf(t.db, ids.tee, 'M')).toBe(3);
    // The key remembers the order.
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row?.orderId).toBe(first._id);
  });

  it('answers 409 for the same key with another body', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const key = crypto.randomUUID();
    await place(user, {}, key);
    await addLine(t.app, user, ids.tee, 'S', 1);
    const failure = await expectFailure(t.app, checkoutRequest(user, { giftWrap: {} }, key), 409);
    expect(failure.message).toBe(KEY_REUSED);
    expect(await orderCount(user.user._id)).toBe(1);
    expect(await cartOf(user)).toHaveLength(1);
  });

  it('counts a card by name, last 4 and expiry: a retry with the same card replays', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const key = crypto.randomUUID();
    const payload = { paymentMethod: 'debit-card', card: card() };
    const first = await place(user, payload, key);
    expect(await place(user, payload, key)).toEqual(first);
    const other = await expectFailure(
      t.app,
      checkoutRequest(user, { ...payload, card: card({ number: '5555555555554444' }) }, key),
      409,
    );
    expect(other.message).toBe(KEY_REUSED);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(JSON.stringify(row)).not.toContain('4111111111111111');
  });

  it('forgets a failed attempt: the retry after fixing the problem is a fresh checkout', async () => {
    const ids = await products();
    const user = await signUp(t.app);
    await addLine(t.app, user, ids.tee, 'M', 1);
    const key = crypto.randomUUID();
    expect((await expectFailure(t.app, checkoutRequest(user, {}, key), 400)).message).toBe(
      NO_ADDRESS,
    );
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual(
      [],
    );
    const declined = { paymentMethod: 'debit-card', card: card({ number: '4000000000000002' }) };
    await addAddress(t.app, user);
    await expectFailure(t.app, checkoutRequest(user, declined, key), 402);
    const order = await place(user, {}, key);
    expect(order.items).toHaveLength(1);
  });

  it('treats a key older than 24 hours as new', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const key = crypto.randomUUID();
    const first = await place(user, {}, key);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    await addLine(t.app, user, ids.tee, 'S', 1);
    const second = await place(user, { giftWrap: {} }, key);
    expect(second._id).not.toBe(first._id);
    expect(second.items.map((item) => item.size)).toEqual(['S']);
    // And the renewed key now replays the second order.
    expect((await place(user, { giftWrap: {} }, key))._id).toBe(second._id);
  });

  it('keeps keys per shopper: another shopper with the same key places their own order', async () => {
    const ids = await products();
    const a = await readyShopper(ids);
    const b = await readyShopper(ids);
    const key = 'shared-key-1';
    const orderA = await place(a, {}, key);
    const orderB = await place(b, {}, key);
    expect(orderB._id).not.toBe(orderA._id);
    expect(await stockOf(t.db, ids.tee, 'M')).toBe(1);
  });

  it('is a header the OpenAPI document shows', async () => {
    const docs = await call(t.app, '/api/docs/json');
    const parameters = docs.body.paths['/api/v1/order/checkout'].post.parameters as {
      in: string;
      name: string;
    }[];
    expect(parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
    );
  });
});

describe('GET /api/v1/order/history and /api/v1/order/:id', () => {
  it('lists the shopper’s orders newest first, with items and events, and only theirs', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    expect(await history(user)).toEqual([]);
    const first = await place(user);
    await addLine(t.app, user, ids.tee, 'S', 1);
    const second = await place(user, { giftWrap: { message: 'Second' } });
    const list = await history(user);
    expect(list.map((order) => order._id)).toEqual([second._id, first._id]);
    expect(list[0]?.items).toHaveLength(1);
    expect(list[1]?.items).toHaveLength(2);
    expect(list[1]?.events.map((event) => event.type)).toEqual(['placed']);

    const other = await readyShopper(ids);
    expect(await history(other)).toEqual([]);
  });

  it('answers 404 for an unknown id, a malformed id and another shopper’s order', async () => {
    const ids = await products();
    const owner = await readyShopper(ids);
    const order = await place(owner);
    const stranger = await signUp(t.app);
    for (const id of [UNKNOWN_ID, 'not-an-id', '12345', order._id]) {
      const failure = await expectFailure(
        t.app,
        { url: `/api/v1/order/${id}`, headers: stranger.auth },
        404,
      );
      expect(failure.message).toBe(ORDER_NOT_FOUND);
    }
    await expectFailure(
      t.app,
      { url: `/api/v1/order/${'x'.repeat(65)}`, headers: stranger.auth },
      400,
    );
  });
});

describe('POST /api/v1/order/:id/cancel', () => {
  it('cancels a pending order: stock comes back and the event is kept (D19)', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const order = await place(user);
    expect(await stockOf(t.db, ids.tee, 'M')).toBe(3);

    const cancelled = await expectResult(t.app, cancelRequest(user, order._id), OrderSchema);
    expect(cancelled).toMatchObject({
      _id: order._id,
      status: 'cancelled',
      items: order.items,
      totalPrice: order.totalPrice,
    });
    expect(cancelled.events.map((event) => event.type)).toEqual(['placed', 'cancelled']);
    expect(await stockOf(t.db, ids.tee, 'M')).toBe(5);
    expect(await stockOf(t.db, ids.hoodie, 'L')).toBe(4);
    expect(await unitsSoldOf(t.db, ids.tee)).toBe(0);
    expect(await unitsSoldOf(t.db, ids.hoodie)).toBe(0);
    const detail = await expectResult(
      t.app,
      { url: `/api/v1/order/${order._id}`, headers: user.auth },
      OrderSchema,
    );
    expect(detail).toEqual(cancelled);

    const again = await expectFailure(t.app, cancelRequest(user, order._id), 409);
    expect(again.message).toBe(SHOPPER_CANCEL_REFUSED);
    expect(await stockOf(t.db, ids.tee, 'M')).toBe(5);
  });

  it('refuses to cancel a shipped or delivered order', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const order = await place(user);
    for (const status of ['shipped', 'delivered'] as const) {
      await t.db.update(orders).set({ status }).where(eq(orders.id, order._id));
      expect((await expectFailure(t.app, cancelRequest(user, order._id), 409)).message).toBe(
        SHOPPER_CANCEL_REFUSED,
      );
    }
    expect(await stockOf(t.db, ids.tee, 'M')).toBe(3);
  });

  // The shopper's cancel once took the time from its own clock, while the
  // owner's moves came after the order's last event (D19, one transition now).
  it('times the cancel after the order was placed, even when this clock is behind the one that placed it (D20, D30)', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const order = await place(user);
    // Another server process, its clock a minute ahead, placed the order.
    const placedAt = new Date(Date.now() + 60_000);
    await t.db.update(orderEvents).set({ at: placedAt }).where(eq(orderEvents.orderId, order._id));

    const cancelled = await expectResult(t.app, cancelRequest(user, order._id), OrderSchema);
    expect(cancelled.events.map((event) => event.type)).toEqual(['placed', 'cancelled']);
    const [placed, cancel] = cancelled.events.map((event) => Date.parse(event.at));
    expect(placed).toBe(placedAt.getTime());
    expect(cancel).toBeGreaterThan(placedAt.getTime());
  });

  it('returns stock exactly once when two cancels race', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const order = await place(user);
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => call(t.app, cancelRequest(user, order._id))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await stockOf(t.db, ids.tee, 'M')).toBe(5);
    expect(await stockOf(t.db, ids.hoodie, 'L')).toBe(4);
    const detail = await expectResult(
      t.app,
      { url: `/api/v1/order/${order._id}`, headers: user.auth },
      OrderSchema,
    );
    expect(detail.events.map((event) => event.type)).toEqual(['placed', 'cancelled']);
  });

  it('answers 404 for an unknown id, a malformed id and another shopper’s order, which stays as it was', async () => {
    const ids = await products();
    const owner = await readyShopper(ids);
    const order = await place(owner);
    const stranger = await signUp(t.app);
    for (const id of [UNKNOWN_ID, 'not-an-id', order._id]) {
      const failure = await expectFailure(t.app, cancelRequest(stranger, id), 404);
      expect(failure.message).toBe(ORDER_NOT_FOUND);
    }
    const unchanged = await expectResult(
      t.app,
      { url: `/api/v1/order/${order._id}`, headers: owner.auth },
      OrderSchema,
    );
    expect(unchanged).toEqual(order);
    expect(await stockOf(t.db, ids.tee, 'M')).toBe(3);
  });
});

describe('isolation (user B against user A’s orders)', () => {
  it('B can neither list, read nor cancel A’s order, and B’s checkout never touches A’s cart', async () => {
    const ids = await products();
    const a = await readyShopper(ids);
    const b = await readyShopper(ids);
    const aOrder = await place(a);
    const aCart = await addLine(t.app, a, ids.tee, 'S', 1);
    const bOrder: Order = await place(b);

    expect((await history(b)).map((order) => order._id)).toEqual([bOrder._id]);
    await expectFailure(t.app, { url: `/api/v1/order/${aOrder._id}`, headers: b.auth }, 404);
    await expectFailure(t.app, cancelRequest(b, aOrder._id), 404);
    expect(
      await expectResult(
        t.app,
        { url: `/api/v1/order/${aOrder._id}`, headers: a.auth },
        OrderSchema,
      ),
    ).toEqual(aOrder);
    expect((await cartOf(a)).map((line) => line._id)).toEqual([aCart._id]);
  });
});

describe('authentication', () => {
  const endpoints = (id: string): InjectOptions[] => [
    { method: 'POST', url: '/api/v1/order/checkout', payload: {} },
    { method: 'GET', url: '/api/v1/order/history' },
    { method: 'GET', url: `/api/v1/order/${id}` },
    { method: 'POST', url: `/api/v1/order/${id}/cancel` },
  ];

  it('answers 401 without a token, with a garbage token and with a logged-out token', async () => {
    const ids = await products();
    const user = await readyShopper(ids);
    const order = await place(user);
    const loggedOut = await signUp(t.app);
    await call(t.app, { method: 'POST', url: '/api/v1/auth/logout', headers: loggedOut.auth });
    for (const headers of [
      {},
      { authorization: 'Bearer garbage' },
      { authorization: 'Basic abc' },
      loggedOut.auth,
    ]) {
      for (const options of endpoints(order._id)) {
        await expectFailure(t.app, { ...options, headers }, 401);
      }
    }
    // 401 comes before any validation.
    await expectFailure(
      t.app,
      { ...checkoutRequest(undefined, { paymentMethod: 'bitcoin' }, 'bad key!') },
      401,
    );
    const unchanged = await expectResult(
      t.app,
      { url: `/api/v1/order/${order._id}`, headers: user.auth },
      OrderSchema,
    );
    expect(unchanged.status).toBe('pending');
  });
});
