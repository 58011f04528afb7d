import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CartItemSchema,
  CartOptionsSchema,
  CartProductSchema,
  MAX_LINE_QUANTITY,
  OrderSchema,
  ProductSchema,
  QuoteSchema,
} from '#contract';
import { coupons } from '#server/db/schema/cart.ts';
import { products } from '#server/db/schema/catalogue.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { createDesignsService } from '#server/features/designs/designs.service.ts';
import { createMediaService } from '#server/features/media/media.service.ts';
import { createPaymentSettingsService } from '#server/features/payments/payment-settings.service.ts';
import { createPromotionsService } from '#server/features/promotions/promotions.service.ts';
import { estimatedDelivery } from '#server/lib/dates.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { archiveProduct, createProduct, setStock } from '#server-test/catalogue-fixtures.ts';
import { addAddress, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { updateCartItem } from './cart.repository.ts';
import { createCartService } from './cart.service.ts';

let t: TestApp;

/** The cart service as checkout calls it, on this file's database. */
const cartService = () => {
  const catalogue = createCatalogueService(t.db);
  const designs = createDesignsService(t.db, { media: createMediaService(t.db), catalogue });
  const paymentSettings = createPaymentSettingsService(t.db, undefined);
  const promotions = createPromotionsService(t.db);
  return createCartService(t.db, { catalogue, designs, paymentSettings, promotions });
};
/** Tee: ₹499, S 3 / M 5 / L 0. Hoodie: ₹1299.50, S 4 / M 2. */
const ids = { tee: '', hoodie: '', archived: '' };
const TEE_PAISE = 49_900;
const HOODIE_PAISE = 129_950;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  ids.tee = await createProduct(t.db, {
    title: 'Cart Tee',
    price: 499,
    gender: 'Men',
    stock: { S: 3, M: 5, L: 0 },
  });
  ids.hoodie = await createProduct(t.db, {
    title: 'Cart Hoodie',
    category: 'Hoodies',
    price: 1299.5,
    gender: 'Women',
    stock: { S: 4, M: 2 },
  });
  ids.archived = await createProduct(t.db, { title: 'Gone Tee', stock: { M: 9 } });
  await archiveProduct(t.db, ids.archived);
});
afterAll(() => t.close());

const CartSchema = z.array(CartItemSchema);

const getCart = (user: SignedUp) =>
  expectResult(t.app, { url: '/api/v1/cart/get-all', headers: user.auth }, CartSchema);

const addRequest = (user: SignedUp, payload: unknown): InjectOptions => ({
  method: 'POST',
  url: '/api/v1/cart/create',
  headers: user.auth,
  payload: payload as object,
});
const add = (user: SignedUp, productId: string, size: string, quantity = 1) =>
  expectResult(t.app, addRequest(user, { productId, size, quantity }), CartItemSchema, 201);

const updateRequest = (user: SignedUp, id: string, payload: unknown): InjectOptions => ({
  method: 'PUT',
  url: `/api/v1/cart/update/${id}`,
  headers: user.auth,
  payload: payload as object,
});
const selectAllRequest = (user: SignedUp, payload: unknown): InjectOptions => ({
  method: 'PUT',
  url: '/api/v1/cart/update-many',
  headers: user.auth,
  payload: payload as object,
});
const removeRequest = (user: SignedUp, id: string): InjectOptions => ({
  method: 'DELETE',
  url: `/api/v1/cart/remove-product/${id}`,
  headers: user.auth,
});
const mergeRequest = (user: SignedUp, items: unknown): InjectOptions => ({
  method: 'POST',
  url: '/api/v1/cart/merge',
  headers: user.auth,
  payload: { items } as object,
});
const quote = (user: SignedUp, query = '') =>
  expectResult(t.app, { url: `/api/v1/cart/quote${query}`, headers: user.auth }, QuoteSchema);

const rupees = (paise: number) => paise / 100;

describe('authentication', () => {
  const endpoints: InjectOptions[] = [
    { method: 'GET', url: '/api/v1/cart/get-all' },
    {
      method: 'POST',
      url: '/api/v1/cart/create',
      payload: { productId: MISSING, size: 'M', quantity: 1 },
    },
    { method: 'PUT', url: `/api/v1/cart/update/${MISSING}`, payload: { quantity: 1 } },
    { method: 'PUT', url: '/api/v1/cart/update-many', payload: { selected: true } },
    { method: 'DELETE', url: `/api/v1/cart/remove-product/${MISSING}` },
    { method: 'POST', url: '/api/v1/cart/merge', payload: { items: [] } },
    { method: 'GET', url: '/api/v1/cart/quote' },
    { method: 'GET', url: '/api/v1/cart/options' },
    { method: 'PUT', url: '/api/v1/cart/options', payload: { giftWrap: true } },
  ];

  it.each(
    endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.url}`, endpoint]),
  )('%s answers 401 without a token, with a garbage token and with a logged-out token', async (_, endpoint) => {
    const shopper = await signUp(t.app);
    await call(t.app, { method: 'POST', url: '/api/v1/auth/logout', headers: shopper.auth });
    for (const headers of [{}, { authorization: 'Bearer garbage' }, shopper.auth]) {
      const failure = await expectFailure(t.app, { ...endpoint, headers }, 401);
      expect(failure.message).toBe('Please sign in to continue');
    }
  });
});

describe('GET /api/v1/cart/get-all', () => {
  it('answers an empty list for a new shopper', async () => {
    expect(await getCart(await signUp(t.app))).toEqual([]);
  });

  it('answers the lines oldest first, each product populated exactly as the catalogue shows it', async () => {
    const shopper = await signUp(t.app);
    await add(shopper, ids.hoodie, 'S', 2);
    await add(shopper, ids.tee, 'M', 3);
    await add(shopper, ids.tee, 'S', 1);
    const cart = await getCart(shopper);
    expect(cart.map((line) => [line.productId._id, line.size, line.quantity])).toEqual([
      [ids.hoodie, 'S', 2],
      [ids.tee, 'M', 3],
      [ids.tee, 'S', 1],
    ]);
    const raw = (await call(t.app, { url: '/api/v1/cart/get-all', headers: shopper.auth })).body
      .result[0];
    expect(Object.keys(raw).sort()).toEqual(Object.keys(CartItemSchema.shape).sort());
    expect(Object.keys(raw.productId).sort()).toEqual(Object.keys(CartProductSchema.shape).sort());

    const product = await expectResult(t.app, `/api/v1/product/${ids.hoodie}`, ProductSchema);
    expect(cart[0]?.productId).toEqual({
      _id: product._id,
      title: product.title,
      images: product.images,
      gender: product.gender,
      color: product.color,
      // Its category makes it a hoodie: the garment a design on it is drawn on (issue 28).
      garment: 'hoodie',
      price: product.price,
      sizes: product.sizes,
      customisation: product.customisation,
      styleId: product.styleId,
      priceBreaks: product.priceBreaks,
    });
    expect(cart[0]?.productId).toMatchObject({
      price: 1299.5,
      gender: 'Women',
      sizes: { S: 4, M: 2 },
    });
    expect(cart[0]?.productId.images).toHaveLength(2);
    expect(cart[0]).toMatchObject({ selected: true, totalPrice: rupees(HOODIE_PAISE * 2) });
    expect(cart[1]?.totalPrice).toBe(rupees(TEE_PAISE * 3));
  });

  it('leaves out lines whose product has been archived', async () => {
    const shopper = await signUp(t.app);
    const productId = await createProduct(t.db, { stock: { M: 3 } });
    await add(shopper, productId, 'M');
    await add(shopper, ids.tee, 'M');
    await archiveProduct(t.db, productId);
    expect((await getCart(shopper)).map((line) => line.productId._id)).toEqual([ids.tee]);
  });

  it('prices every line from the database price, even after the price changes (D4)', async () => {
    const shopper = await signUp(t.app);
    const productId = await createProduct(t.db, { price: 100, stock: { M: 9 } });
    await add(shopper, productId, 'M', 3);
    await t.db.update(products).set({ pricePaise: 12_345 }).where(eq(products.id, productId));
    const [line] = await getCart(shopper);
    expect(line).toMatchObject({ quantity: 3, totalPrice: 370.35, productId: { price: 123.45 } });
  });
});

describe('POST /api/v1/cart/create', () => {
  it('adds a line and answers it with 201', async () => {
    const shopper = await signUp(t.app);
    const line = await add(shopper, ids.tee, 'M', 2);
    expect(line).toMatchObject({
      size: 'M',
      quantity: 2,
      selected: true,
      totalPrice: 998,
      productId: {
        _id: ids.tee,
        title: 'Cart Tee',
        color: { name: 'White', hex: '#ffffff' },
        price: 499,
        sizes: { S: 3, M: 5, L: 0 },
      },
    });
    expect(await getCart(shopper)).toEqual([line]);
  });

  it('adds the same product in another size as a line of its own', async () => {
    const shopper = await signUp(t.app);
    await add(shopper, ids.tee, 'M');
    await add(shopper, ids.tee, 'S');
    expect(await getCart(shopper)).toHaveLength(2);
  });

  it.each([
    ['an unknown id', MISSING],
    ['a malformed id', 'not-a-uuid'],
    ['an archived product', 'archived'],
  ])('answers 404 for %s', async (_, productId) => {
    const shopper = await signUp(t.app);
    const id = productId === 'archived' ? ids.archived : productId;
    const failure = await expectFailure(
      t.app,
      addRequest(shopper, { productId: id, size: 'M', quantity: 1 }),
      404,
    );
    expect(failure.message).toBe('Product not found');
    expect(await getCart(shopper)).toEqual([]);
  });

  it('refuses a size the product does not have', async () => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      addRequest(shopper, { productId: ids.tee, size: 'XL', quantity: 1 }),
      400,
    );
    expect(failure.message).toBe('This size is not available for this product');
    expect(failure.errors).toEqual([
      { field: 'size', message: 'This size is not available for this product' },
    ]);
    expect(await getCart(shopper)).toEqual([]);
  });

  it('refuses the same product and size twice, keeping the first line', async () => {
    const shopper = await signUp(t.app);
    const first = await add(shopper, ids.tee, 'M', 2);
    const failure = await expectFailure(
      t.app,
      addRequest(shopper, { productId: ids.tee, size: 'M', quantity: 1 }),
      409,
    );
    expect(failure.message).toBe('This product is already added');
    expect(await getCart(shopper)).toEqual([first]);
  });

  it('says a duplicate is a duplicate even when its quantity is also too high', async () => {
    const shopper = await signUp(t.app);
    await add(shopper, ids.tee, 'M', 1);
    const failure = await expectFailure(
      t.app,
      addRequest(shopper, { productId: ids.tee, size: 'M', quantity: 9 }),
      409,
    );
    expect(failure.message).toBe('This product is already added');
  });

  it('lets exactly one of many simultaneous adds of one line through', async () => {
    const shopper = await signUp(t.app);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.app, addRequest(shopper, { productId: ids.hoodie, size: 'S', quantity: 1 })),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([
      201, 409, 409, 409, 409, 409,
    ]);
    expect(await getCart(shopper)).toHaveLength(1);
  });

  it('takes the whole stock of a size but not one more (D9)', async () => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      addRequest(shopper, { productId: ids.tee, size: 'M', quantity: 6 }),
      409,
    );
    expect(failure.message).toBe('Available quantity is 5');
    expect(await getCart(shopper)).toEqual([]);
    await add(shopper, ids.tee, 'M', 5);
  });

  it('refuses a size that is out of stock', async () => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      addRequest(shopper, { productId: ids.tee, size: 'L', quantity: 1 }),
      409,
    );
    expect(failure.message).toBe('Available quantity is 0');
    expect(await getCart(shopper)).toEqual([]);
  });

  const valid = () => ({ productId: ids.tee, size: 'M', quantity: 1 });
  it.each([
    ['a fractional quantity', { quantity: 1.5 }, 'quantity', 'Quantity must be a whole number'],
    ['a zero quantity', { quantity: 0 }, 'quantity', 'Quantity must be at least 1'],
    ['a negative quantity', { quantity: -2 }, 'quantity', 'Quantity must be at least 1'],
    [
      'a huge quantity',
      { quantity: 1e12 },
      'quantity',
      `Quantity must be at most ${MAX_LINE_QUANTITY}`,
    ],
    [
      'a quantity over the line limit',
      { quantity: MAX_LINE_QUANTITY + 1 },
      'quantity',
      `Quantity must be at most ${MAX_LINE_QUANTITY}`,
    ],
    ['a quantity as a string', { quantity: '2' }, 'quantity', 'Quantity must be a number'],
    ['no quantity', { quantity: undefined }, 'quantity', 'Quantity must be a number'],
    ['no size', { size: undefined }, 'size', 'size must be one of XS, S, M, L, XL, XXL'],
    ['an unknown size', { size: 'XXXL' }, 'size', 'size must be one of XS, S, M, L, XL, XXL'],
    ['no productId', { productId: undefined }, 'productId', 'productId is required'],
    ['an empty productId', { productId: '' }, 'productId', 'productId is required'],
    ['a 100 kB productId', { productId: 'x'.repeat(100_000) }, 'productId', null],
  ])('refuses %s with 400', async (_, overrides, field, message) => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      addRequest(shopper, { ...valid(), ...overrides }),
      400,
    );
    const error = failure.errors?.find((entry) => entry.field === field);
    expect(error, JSON.stringify(failure)).toBeDefined();
    if (message) expect(error?.message).toBe(message);
    expect(failure.message.length).toBeGreaterThan(0);
    expect(await getCart(shopper)).toEqual([]);
  });

  it('refuses malformed JSON, a body that is not an object and a __proto__ key with 400', async () => {
    const shopper = await signUp(t.app);
    const headers = { ...shopper.auth, 'content-type': 'application/json' };
    for (const payload of [
      '{"productId": ',
      '[]',
      '"M"',
      `{"productId":"${ids.tee}","size":"M","quantity":1,"__proto__":{"quantity":99}}`,
      `{"__proto__":{"selected":false},"productId":"${ids.tee}","size":"M","quantity":1}`,
    ]) {
      const failure = await expectFailure(
        t.app,
        { method: 'POST', url: '/api/v1/cart/create', headers, payload },
        400,
      );
      expect(failure.message.length).toBeGreaterThan(0);
    }
    expect(await getCart(shopper)).toEqual([]);
    await add(shopper, ids.tee, 'M');
  });
});

describe('PUT /api/v1/cart/update/:id', () => {
  it('changes the quantity, and the total with it', async () => {
    const shopper = await signUp(t.app);
    const line = await add(shopper, ids.tee, 'M', 1);
    const updated = await expectResult(
      t.app,
      updateRequest(shopper, line._id, { quantity: 4 }),
      CartItemSchema,
    );
    expect(updated).toMatchObject({
      _id: line._id,
      quantity: 4,
      selected: true,
      totalPrice: rupees(TEE_PAISE * 4),
    });
    expect(await getCart(shopper)).toEqual([updated]);
  });

  it('selects and unselects a line, keeping its quantity', async () => {
    const shopper = await signUp(t.app);
    const line = await add(shopper, ids.tee, 'M', 2);
    const off = await expectResult(
      t.app,
      updateRequest(shopper, line._id, { selected: false }),
      CartItemSchema,
    );
    expect(off).toMatchObject({ selected: false, quantity: 2 });
    const both = await expectResult(
      t.app,
      updateRequest(shopper, line._id, { selected: true, quantity: 3 }),
      CartItemSchema,
    );
    expect(both).toMatchObject({ selected: true, quantity: 3 });
    expect(await getCart(shopper)).toEqual([both]);
  });

  it('never goes past stock (D9): up to it, not one more', async () => {
    const shopper = await signUp(t.app);
    const line = await add(shopper, ids.tee, 'M', 1);
    const failure = await expectFailure(
      t.app,
      updateRequest(shopper, line._id, { quantity: 6 }),
      409,
    );
    expect(failure.message).toBe('Available quantity is 5');
    expect(await getCart(shopper)).toEqual([line]);
    await expectResult(t.app, updateRequest(shopper, line._id, { quantity: 5 }), CartItemSchema);
  });

  it('follows the stock as it is now, when it has dropped since the line was added', async () => {
    const shopper = await signUp(t.app);
    const productId = await createProduct(t.db, { stock: { M: 5 } });
    const line = await add(shopper, productId, 'M', 2);
    await setStock(t.db, productId, 'M', 1);
    const failure = await expectFailure(
      t.app,
      updateRequest(shopper, line._id, { quantity: 2 }),
      409,
    );
    expect(failure.message).toBe('Available quantity is 1');
    expect((await getCart(shopper))[0]?.quantity).toBe(2);
    await expectResult(t.app, updateRequest(shopper, line._id, { quantity: 1 }), CartItemSchema);
  });

  it.each([
    ['an unknown id', MISSING],
    ['a malformed id', 'abc'],
    ['a 100 kB id', 'x'.repeat(100_000)],
  ])('answers 4xx for %s', async (label, id) => {
    const shopper = await signUp(t.app);
    const response = await call(t.app, updateRequest(shopper, id, { quantity: 1 }));
    if (label === 'a 100 kB id') {
      // Fastify's router refuses it before any handler runs (414, with a message).
      expect(response.status).toBe(414);
      expect(response.body).toEqual({
        success: false,
        message: 'A part of the address is too long',
      });
      return;
    }
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'Cart item not found' });
  });

  it('answers 404 for a line of an archived product', async () => {
    const shopper = await signUp(t.app);
    const productId = await createProduct(t.db, { stock: { M: 3 } });
    const line = await add(shopper, productId, 'M');
    await archiveProduct(t.db, productId);
    await expectFailure(t.app, updateRequest(shopper, line._id, { quantity: 2 }), 404);
  });

  it.each([
    ['an empty body', {}, 'Send a quantity or selected'],
    ['a zero quantity', { quantity: 0 }, 'Quantity must be at least 1'],
    ['a negative quantity', { quantity: -1 }, 'Quantity must be at least 1'],
    ['a fractional quantity', { quantity: 2.5 }, 'Quantity must be a whole number'],
    ['a huge quantity', { quantity: 1e9 }, `Quantity must be at most ${MAX_LINE_QUANTITY}`],
    ['a quantity as a string', { quantity: '3' }, 'Quantity must be a number'],
    ['selected as a string', { selected: 'yes' }, null],
    ['a 100 kB string', { quantity: 'x'.repeat(100_000) }, 'Quantity must be a number'],
  ])('refuses %s with 400 and leaves the line alone', async (_, payload, message) => {
    const shopper = await signUp(t.app);
    const line = await add(shopper, ids.tee, 'M', 2);
    const failure = await expectFailure(t.app, updateRequest(shopper, line._id, payload), 400);
    if (message) expect(failure.errors?.map((error) => error.message)).toContain(message);
    expect(failure.message.length).toBeGreaterThan(0);
    expect(await getCart(shopper)).toEqual([line]);
  });

  it('refuses a __proto__ key with 400', async () => {
    const shopper = await signUp(t.app);
    const line = await add(shopper, ids.tee, 'M', 2);
    await expectFailure(
      t.app,
      {
        method: 'PUT',
        url: `/api/v1/cart/update/${line._id}`,
        headers: { ...shopper.auth, 'content-type': 'application/json' },
        payload: '{"__proto__":{"quantity":99},"selected":false}',
      },
      400,
    );
    expect(await getCart(shopper)).toEqual([line]);
  });
});

describe('PUT /api/v1/cart/update-many', () => {
  it('unselects and selects every line, answering the cart', async () => {
    const shopper = await signUp(t.app);
    await add(shopper, ids.tee, 'M');
    await add(shopper, ids.hoodie, 'S');
    const off = await expectResult(
      t.app,
      selectAllRequest(shopper, { selected: false }),
      CartSchema,
    );
    expect(off.map((line) => line.selected)).toEqual([false, false]);
    expect(await getCart(shopper)).toEqual(off);
    const on = await expectResult(t.app, selectAllRequest(shopper, { selected: true }), CartSchema);
    expect(on.map((line) => line.selected)).toEqual([true, true]);
  });

  it.each([
    ['no selected', {}],
    ['selected as a string', { selected: 'true' }],
    ['selected as a number', { selected: 1 }],
  ])('refuses %s with 400', async (_, payload) => {
    const shopper = await signUp(t.app);
    await add(shopper, ids.tee, 'M');
    const failure = await expectFailure(t.app, selectAllRequest(shopper, payload), 400);
    expect(failure.errors).toEqual([
      { field: 'selected', message: 'selected must be true or false' },
    ]);
    expect((await getCart(shopper))[0]?.selected).toBe(true);
  });
});

describe('DELETE /api/v1/cart/remove-product/:id', () => {
  it('removes a line once', async () => {
    const shopper = await signUp(t.app);
    const line = await add(shopper, ids.tee, 'M');
    const kept = await add(shopper, ids.tee, 'S');
    expect(await expectResult(t.app, removeRequest(shopper, line._id), z.null())).toBeNull();
    expect(await getCart(shopper)).toEqual([kept]);
    const again = await expectFailure(t.app, removeRequest(shopper, line._id), 404);
    expect(again.message).toBe('Cart item not found');
  });

  it.each([MISSING, 'abc', '1; drop table cart_items'])('answers 404 for the id %s', async (id) => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(t.app, removeRequest(shopper, encodeURIComponent(id)), 404);
    expect(failure.message).toBe('Cart item not found');
  });
});

describe("another shopper's line", () => {
  it('cannot be read, updated, selected or removed by anyone else, and stays unchanged', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const line = await add(owner, ids.hoodie, 'M', 1);
    await add(other, ids.tee, 'S');

    expect((await getCart(other)).map((entry) => entry._id)).not.toContain(line._id);
    for (const payload of [
      { quantity: 2 },
      { selected: false },
      { quantity: 2, selected: false },
    ]) {
      const failure = await expectFailure(t.app, updateRequest(other, line._id, payload), 404);
      expect(failure.message).toBe('Cart item not found');
    }
    expect((await expectFailure(t.app, removeRequest(other, line._id), 404)).message).toBe(
      'Cart item not found',
    );
    await expectResult(t.app, selectAllRequest(other, { selected: false }), CartSchema);
    expect((await quote(other)).lines.map((entry) => entry._id)).not.toContain(line._id);
    await cartService().clearCheckedOut(t.db, other.user._id, [line._id]);

    expect(await getCart(owner)).toEqual([line]);
  });
});

describe('POST /api/v1/cart/merge', () => {
  it("merges a visitor's cart: duplicates and unsellable lines skipped, quantities capped at stock (D17)", async () => {
    const shopper = await signUp(t.app);
    const existing = await add(shopper, ids.tee, 'M', 1);
    const cart = await expectResult(
      t.app,
      mergeRequest(shopper, [
        { productId: ids.tee, size: 'M', quantity: 4 }, // already in the cart
        { productId: ids.hoodie, size: 'M', quantity: 50 }, // capped at 2
        { productId: ids.tee, size: 'L', quantity: 1 }, // none in stock
        { productId: ids.tee, size: 'XL', quantity: 1 }, // not a size of the tee
        { productId: ids.archived, size: 'M', quantity: 1 }, // archived
        { productId: MISSING, size: 'M', quantity: 1 }, // unknown
        { productId: 'not-a-uuid', size: 'M', quantity: 1 }, // malformed
        { productId: ids.tee, size: 'S', quantity: 2 },
        { productId: ids.hoodie, size: 'M', quantity: 1 }, // twice in the visitor's cart
      ]),
      CartSchema,
    );
    expect(cart.map((line) => [line.productId._id, line.size, line.quantity])).toEqual([
      [ids.tee, 'M', 1],
      [ids.hoodie, 'M', 2],
      [ids.tee, 'S', 2],
    ]);
    expect(cart[0]).toEqual(existing);
    expect(cart[1]).toMatchObject({ selected: true, totalPrice: rupees(HOODIE_PAISE * 2) });
    expect(await getCart(shopper)).toEqual(cart);
  });

  it('keeps the order of the visitor’s lines and changes nothing when merged again', async () => {
    const shopper = await signUp(t.app);
    const items = [
      { productId: ids.hoodie, size: 'S', quantity: 1 },
      { productId: ids.tee, size: 'S', quantity: 1 },
      { productId: ids.hoodie, size: 'M', quantity: 1 },
      { productId: ids.tee, size: 'M', quantity: 1 },
    ];
    const first = await expectResult(t.app, mergeRequest(shopper, items), CartSchema);
    expect(first.map((line) => [line.productId._id, line.size])).toEqual(
      items.map((line) => [line.productId, line.size]),
    );
    expect(await expectResult(t.app, mergeRequest(shopper, items), CartSchema)).toEqual(first);
  });

  it('answers the cart as it is for an empty merge', async () => {
    const shopper = await signUp(t.app);
    const line = await add(shopper, ids.tee, 'M');
    expect(await expectResult(t.app, mergeRequest(shopper, []), CartSchema)).toEqual([line]);
  });

  it.each([
    [
      'more than 100 lines',
      Array.from({ length: 101 }, () => ({ productId: MISSING, size: 'M', quantity: 1 })),
      'At most 100 lines can be merged',
    ],
    [
      'a zero quantity',
      [{ productId: MISSING, size: 'M', quantity: 0 }],
      'Quantity must be at least 1',
    ],
    [
      'a fractional quantity',
      [{ productId: MISSING, size: 'M', quantity: 0.5 }],
      'Quantity must be a whole number',
    ],
    [
      'an unknown size',
      [{ productId: MISSING, size: 'XXXL', quantity: 1 }],
      'size must be one of XS, S, M, L, XL, XXL',
    ],
    ['a 100 kB productId', [{ productId: 'x'.repeat(100_000), size: 'M', quantity: 1 }], null],
    ['items that are not a list', 'everything', null],
  ])('refuses %s with 400 and adds nothing', async (_, items, message) => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(t.app, mergeRequest(shopper, items), 400);
    if (message) expect(failure.errors?.map((error) => error.message)).toContain(message);
    expect(failure.message.length).toBeGreaterThan(0);
    expect(await getCart(shopper)).toEqual([]);
  });
});

describe('GET /api/v1/cart/quote', () => {
  /** 2 × tee M (₹998) and 1 × hoodie S (₹1299.50) selected; 1 × tee S not. */
  async function shopperWithCart() {
    const shopper = await signUp(t.app);
    await add(shopper, ids.tee, 'M', 2);
    await add(shopper, ids.hoodie, 'S', 1);
    const unselected = await add(shopper, ids.tee, 'S', 1);
    await expectResult(
      t.app,
      updateRequest(shopper, unselected._id, { selected: false }),
      CartItemSchema,
    );
    return shopper;
  }
  const SUBTOTAL_PAISE = TEE_PAISE * 2 + HOODIE_PAISE;

  it('prices only the selected lines from database prices, with no coupon when none is asked for', async () => {
    const shopper = await shopperWithCart();
    const cart = await getCart(shopper);
    const result = await quote(shopper, '?couponCode=');
    expect(result).toEqual({
      lines: [
        { _id: cart[0]?._id, title: 'Cart Tee', quantity: 2, lineTotal: 998 },
        { _id: cart[1]?._id, title: 'Cart Hoodie', quantity: 1, lineTotal: 1299.5 },
      ],
      itemCount: 3,
      subtotal: rupees(SUBTOTAL_PAISE),
      coupon: null,
      couponError: null,
      discount: 0,
      giftWrap: 0,
      delivery: 0,
      codFee: 0,
      total: rupees(SUBTOTAL_PAISE),
      cashOnDelivery: { available: true, fee: 0, unavailableReason: null },
      estimatedDelivery: estimatedDelivery(new Date()),
    });
    const selectedTotal = cart
      .filter((line) => line.selected)
      .reduce((sum, line) => sum + line.totalPrice, 0);
    expect(result.subtotal).toBeCloseTo(selectedTotal, 10);
  });

  it('takes 2.5% off with MAX500, whatever its case (D10)', async () => {
    const shopper = await shopperWithCart();
    const discountPaise = Math.round((SUBTOTAL_PAISE * 2.5) / 100);
    for (const code of ['MAX500', 'max500', '%20Max500%20']) {
      const result = await quote(shopper, `?couponCode=${code}`);
      expect(result).toMatchObject({
        coupon: { code: 'MAX500', description: '2.5% off, up to ₹500' },
        couponError: null,
        discount: rupees(discountPaise),
        total: rupees(SUBTOTAL_PAISE - discountPaise),
      });
    }
  });

  it('caps the MAX500 discount at ₹500', async () => {
    const shopper = await signUp(t.app);
    const productId = await createProduct(t.db, { price: 9999, stock: { M: 10 } });
    await add(shopper, productId, 'M', 3);
    const result = await quote(shopper, '?couponCode=MAX500');
    expect(result).toMatchObject({ subtotal: 29_997, discount: 500, total: 29_497 });
  });

  it('quotes without a discount, and says why, for a code that does not exist', async () => {
    const shopper = await shopperWithCart();
    const result = await quote(shopper, '?couponCode=NOPE10');
    expect(result).toMatchObject({
      coupon: null,
      couponError: 'This coupon code is not valid',
      discount: 0,
      total: rupees(SUBTOTAL_PAISE),
    });
  });

  it('adds ₹20 for gift wrap (D16)', async () => {
    const shopper = await shopperWithCart();
    const discountPaise = Math.round((SUBTOTAL_PAISE * 2.5) / 100);
    expect(await quote(shopper, '?giftWrap=true&couponCode=')).toMatchObject({
      giftWrap: 20,
      total: rupees(SUBTOTAL_PAISE + 2000),
    });
    expect(await quote(shopper, '?giftWrap=false&couponCode=')).toMatchObject({
      giftWrap: 0,
      total: rupees(SUBTOTAL_PAISE),
    });
    expect(await quote(shopper, '?giftWrap=true&couponCode=MAX500')).toMatchObject({
      giftWrap: 20,
      discount: rupees(discountPaise),
      total: rupees(SUBTOTAL_PAISE - discountPaise + 2000),
    });
  });

  it('follows the database price, not a price seen earlier (D4)', async () => {
    const shopper = await signUp(t.app);
    const productId = await createProduct(t.db, { price: 200, stock: { M: 5 } });
    await add(shopper, productId, 'M', 2);
    await t.db.update(products).set({ pricePaise: 25_050 }).where(eq(products.id, productId));
    expect(await quote(shopper, '?couponCode=')).toMatchObject({
      subtotal: 501,
      total: 501,
      lines: [{ lineTotal: 501 }],
    });
  });

  it('prices an empty selection at zero', async () => {
    const shopper = await shopperWithCart();
    await expectResult(t.app, selectAllRequest(shopper, { selected: false }), CartSchema);
    expect(await quote(shopper, '?couponCode=MAX500')).toMatchObject({
      lines: [],
      itemCount: 0,
      subtotal: 0,
      discount: 0,
      total: 0,
    });
  });

  it.each([
    ['giftWrap=maybe', 'giftWrap=maybe', 'giftWrap', 'giftWrap must be true or false'],
    [
      'a 41-character couponCode',
      `couponCode=${'A'.repeat(41)}`,
      'couponCode',
      'couponCode must be at most 40 characters',
    ],
    [
      'a 100 kB couponCode',
      `couponCode=${'A'.repeat(100_000)}`,
      'couponCode',
      'couponCode must be at most 40 characters',
    ],
  ])('refuses %s with 400', async (_, query, field, message) => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      { url: `/api/v1/cart/quote?${query}`, headers: shopper.auth },
      400,
    );
    expect(failure.errors).toContainEqual({ field, message });
  });
});

describe('the cart service for checkout', () => {
  it('prices the selection on the transaction it is given, and clearCheckedOut removes only the owner’s lines', async () => {
    const cart = cartService();
    const shopper = await signUp(t.app);
    const tee = await add(shopper, ids.tee, 'M', 2);
    const hoodie = await add(shopper, ids.hoodie, 'S', 1);

    const outside = await cart.priceSelection(t.db, shopper.user._id, { couponCode: null });
    expect(outside.lines).toEqual([
      {
        cartItemId: tee._id,
        productId: ids.tee,
        title: 'Cart Tee',
        image: tee.productId.images[0]?.url,
        size: 'M',
        colorName: 'White',
        colorHex: '#ffffff',
        garment: 'tee',
        pricePaise: TEE_PAISE,
        quantity: 2,
        design: null,
        printAreas: null,
        personalisation: null,
        imageIds: [],
        groupEntryId: null,
      },
      expect.objectContaining({
        cartItemId: hoodie._id,
        garment: 'hoodie',
        pricePaise: HOODIE_PAISE,
        quantity: 1,
      }),
    ]);
    expect(outside.price.totalPaise).toBe(TEE_PAISE * 2 + HOODIE_PAISE);

    // Inside a transaction that has unselected the hoodie, only the tee is priced:
    // the query runs on the transaction, not on the service's own database.
    const rolledBack = new Error('roll back');
    await expect(
      t.db.transaction(async (tx) => {
        await updateCartItem(tx, shopper.user._id, hoodie._id, { selected: false });
        const inside = await cart.priceSelection(tx, shopper.user._id, {
          couponCode: 'MAX500',
          giftWrap: true,
        });
        expect(inside.lines.map((line) => line.cartItemId)).toEqual([tee._id]);
        expect(inside.price).toMatchObject({
          subtotalPaise: TEE_PAISE * 2,
          discountPaise: Math.round((TEE_PAISE * 2 * 2.5) / 100),
          giftWrapPaise: 2000,
          coupon: { code: 'MAX500' },
        });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect((await getCart(shopper)).map((line) => line.selected)).toEqual([true, true]);

    const other = await signUp(t.app);
    const othersLine = await add(other, ids.tee, 'M', 1);
    await cart.clearCheckedOut(t.db, shopper.user._id, [tee._id, othersLine._id]);
    expect(await getCart(shopper)).toEqual([hoodie]);
    expect(await getCart(other)).toEqual([othersLine]);
  });

  it('gives an empty image for a product without pictures', async () => {
    const shopper = await signUp(t.app);
    const productId = await createProduct(t.db, { images: 0, stock: { M: 1 } });
    await add(shopper, productId, 'M');
    const { lines } = await cartService().priceSelection(t.db, shopper.user._id, {});
    expect(lines[0]?.image).toBe('');
  });
});

describe('the cart’s coupon and gift wrap: GET and PUT /api/v1/cart/options', () => {
  const NEW_CART = { couponCode: 'MAX500', giftWrap: false, giftMessage: '' };
  const getOptions = (user: SignedUp) =>
    expectResult(t.app, { url: '/api/v1/cart/options', headers: user.auth }, CartOptionsSchema);
  const optionsRequest = (user: SignedUp, payload: unknown): InjectOptions => ({
    method: 'PUT',
    url: '/api/v1/cart/options',
    headers: user.auth,
    payload: payload as object,
  });
  const setOptions = (user: SignedUp, payload: object) =>
    expectResult(t.app, optionsRequest(user, payload), CartOptionsSchema);
  const checkout = (user: SignedUp, payload: object = {}) =>
    expectResult(t.app, checkoutRequest(user, payload), OrderSchema, 201);

  /** 2 × tee M (₹998) + 1 × hoodie S (₹1299.50), and an address to deliver to. */
  async function readyToOrder() {
    const shopper = await signUp(t.app);
    await add(shopper, ids.tee, 'M', 2);
    await add(shopper, ids.hoodie, 'S', 1);
    await addAddress(t.app, shopper);
    return shopper;
  }
  const SUBTOTAL_PAISE = TEE_PAISE * 2 + HOODIE_PAISE;
  const MAX500_PAISE = Math.round((SUBTOTAL_PAISE * 2.5) / 100);

  it('starts a new cart with MAX500 applied and no gift wrap, which the quote uses (D10)', async () => {
    const shopper = await readyToOrder();
    expect(await getOptions(shopper)).toEqual(NEW_CART);
    expect(await quote(shopper)).toMatchObject({
      coupon: { code: 'MAX500' },
      discount: rupees(MAX500_PAISE),
      giftWrap: 0,
      total: rupees(SUBTOTAL_PAISE - MAX500_PAISE),
    });
  });

  it('keeps the choices with the cart: every later call quotes them, and checkout charges exactly that quote', async () => {
    const shopper = await readyToOrder();
    // One tab chooses gift wrap with a message...
    expect(
      await setOptions(shopper, { giftWrap: true, giftMessage: '  Happy birthday, Meera!  ' }),
    ).toEqual({ couponCode: 'MAX500', giftWrap: true, giftMessage: 'Happy birthday, Meera!' });
    // ...another tab (the same account, a new request) sees them and is quoted for them.
    expect(await getOptions(shopper)).toMatchObject({ giftWrap: true });
    const shown = await quote(shopper);
    expect(shown).toMatchObject({
      giftWrap: 20,
      total: rupees(SUBTOTAL_PAISE - MAX500_PAISE + 2000),
    });

    // A checkout that sends no choices (the spec's client, and ours) charges the stored ones.
    const order = await checkout(shopper);
    expect(order).toMatchObject({
      couponCode: 'MAX500',
      discount: shown.discount,
      giftWrap: 20,
      giftMessage: 'Happy birthday, Meera!',
      totalPrice: shown.total,
    });
    // The cart starts afresh after an order.
    expect(await getOptions(shopper)).toEqual(NEW_CART);
  });

  it('changes only the choices sent, so two tabs changing different choices both count', async () => {
    const shopper = await signUp(t.app);
    await setOptions(shopper, { couponCode: null });
    expect(await setOptions(shopper, { giftWrap: true })).toEqual({
      couponCode: null,
      giftWrap: true,
      giftMessage: '',
    });
    expect(await setOptions(shopper, { couponCode: 'max500' })).toEqual({
      couponCode: 'MAX500',
      giftWrap: true,
      giftMessage: '',
    });
    expect(await setOptions(shopper, { couponCode: '' })).toMatchObject({ couponCode: null });
    // Each shopper has their own.
    expect(await getOptions(await signUp(t.app))).toEqual(NEW_CART);
  });

  it('refuses an unknown or expired coupon with 400 on couponCode, keeping the stored one', async () => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      optionsRequest(shopper, { couponCode: 'NOPE10' }),
      400,
    );
    expect(failure.message).toBe('This coupon code is not valid');
    expect(failure.errors).toEqual([
      { field: 'couponCode', message: 'This coupon code is not valid' },
    ]);

    const code = `OLD${Date.now()}`;
    await t.db.insert(coupons).values({
      code,
      description: 'Gone',
      percentOff: 10,
      endsAt: new Date(Date.now() - 60_000),
    });
    const expired = await expectFailure(t.app, optionsRequest(shopper, { couponCode: code }), 400);
    expect(expired.message).toBe('This coupon has expired');
    expect(await getOptions(shopper)).toEqual(NEW_CART);
  });

  it.each([
    ['an empty body', {}, null],
    ['giftWrap as a string', { giftWrap: 'yes' }, 'giftWrap'],
    ['a 201-character gift message', { giftMessage: 'x'.repeat(201) }, 'giftMessage'],
    ['a 41-character coupon code', { couponCode: 'A'.repeat(41) }, 'couponCode'],
    ['a coupon code as a number', { couponCode: 500 }, 'couponCode'],
  ])('refuses %s with 400', async (_, payload, field) => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(t.app, optionsRequest(shopper, payload), 400);
    if (field) expect(failure.errors?.map((error) => error.field)).toContain(field);
    expect(await getOptions(shopper)).toEqual(NEW_CART);
  });

  it('lets choices sent with a quote or a checkout win over the stored ones, for that call only', async () => {
    const shopper = await readyToOrder();
    await setOptions(shopper, { giftWrap: true, giftMessage: 'Stored' });
    expect(await quote(shopper, '?couponCode=&giftWrap=false')).toMatchObject({
      discount: 0,
      giftWrap: 0,
      total: rupees(SUBTOTAL_PAISE),
    });
    expect(await getOptions(shopper)).toMatchObject({ couponCode: 'MAX500', giftWrap: true });

    const order = await checkout(shopper, { couponCode: '', giftWrap: { message: 'Sent' } });
    expect(order).toMatchObject({
      couponCode: null,
      discount: 0,
      giftWrap: 20,
      giftMessage: 'Sent',
      totalPrice: rupees(SUBTOTAL_PAISE + 2000),
    });
  });
});
