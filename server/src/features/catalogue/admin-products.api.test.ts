import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AdminProductPageSchema,
  AdminProductSchema,
  CartItemSchema,
  DeleteAdminProductResultSchema,
  OrderSchema,
  ProductFiltersSchema,
  ProductPageSchema,
  ProductSchema,
} from '#contract';
import { cartItems } from '#server/db/schema/cart.ts';
import { productStock, products } from '#server/db/schema/catalogue.ts';
import {
  addProduct,
  asUser,
  editProduct,
  productBody,
  uniqueWord,
  uploadPng,
} from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest, stockOf } from '#server-test/checkout-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { PRODUCT_NOT_FOUND, unknownImage } from './admin-products.service.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const shopProduct = (id: string) => expectResult(t.app, `/api/v1/product/${id}`, ProductSchema);
const shopList = (query: string) =>
  expectResult(t.app, `/api/v1/product?${query}`, ProductPageSchema);
const adminGet = (id: string) =>
  expectResult(t.app, asUser(admin, { url: `/api/v1/admin/products/${id}` }), AdminProductSchema);
const adminList = (query = '') =>
  expectResult(
    t.app,
    asUser(admin, { url: `/api/v1/admin/products?${query}` }),
    AdminProductPageSchema,
  );
const remove = (id: string) =>
  expectResult(
    t.app,
    asUser(admin, { method: 'DELETE', url: `/api/v1/admin/products/${id}` }),
    DeleteAdminProductResultSchema,
  );
const restore = (id: string) =>
  expectResult(
    t.app,
    asUser(admin, { method: 'POST', url: `/api/v1/admin/products/${id}/restore` }),
    AdminProductSchema,
  );

async function placeOrder(user: SignedUp) {
  await addAddress(t.app, user);
  // Without the new cart's MAX500 (D10), so the total is the price.
  return expectResult(t.app, checkoutRequest(user, { couponCode: '' }), OrderSchema, 201);
}

describe('POST /api/v1/admin/products', () => {
  it('adds a product that the shop shows at once: detail, listing, search and filters', async () => {
    const word = uniqueWord();
    const category = `Capes ${word}`;
    const [front, back] = [await uploadPng(t.app, admin), await uploadPng(t.app, admin)];
    const body = productBody({
      title: `  Cotton Cape ${word} `,
      category,
      gender: 'Kids',
      price: 799.25,
      sizes: { XL: 2, S: 7, M: 0 },
      imageIds: [back._id, front._id],
    });
    const created = await addProduct(t.app, admin, body);
    expect(created).toMatchObject({
      title: `Cotton Cape ${word}`,
      description: body.description,
      price: 799.25,
      gender: 'Kids',
      category,
      isNew: true,
      rating: 0,
      sizes: { S: 7, M: 0, XL: 2 },
      images: [
        { _id: back._id, url: back.url },
        { _id: front._id, url: front.url },
      ],
      unitsSold: 0,
      archived: false,
      archivedAt: null,
    });
    // Sizes come back in the shop's order, whatever order they were sent in.
    expect(Object.keys(created.sizes)).toEqual(['S', 'M', 'XL']);
    const [row] = await t.db.select().from(products).where(eq(products.id, created._id));
    expect(row?.pricePaise).toBe(79_925);

    const detail = await shopProduct(created._id);
    expect(detail).toMatchObject({
      title: created.title,
      price: 799.25,
      images: [{ url: back.url }, { url: front.url }],
      sizes: { S: 7, M: 0, XL: 2 },
      isNew: true,
    });
    expect((await shopList(`search=${word}`)).results.map((p) => p._id)).toEqual([created._id]);
    expect(
      (await shopList(`category=${encodeURIComponent(category)}`)).results.map((p) => p._id),
    ).toEqual([created._id]);
    const byFilters = await shopList(
      `category=${encodeURIComponent(category)}&gender=Kids&size=XL&minPrice=799&maxPrice=800`,
    );
    expect(byFilters.results.map((p) => p._id)).toEqual([created._id]);
    // Size M has no stock: a size filter for M alone does not find it.
    expect((await shopList(`category=${encodeURIComponent(category)}&size=M`)).total).toBe(0);
    const filters = await expectResult(t.app, '/api/v1/product/filters', ProductFiltersSchema);
    expect(filters.categories).toContain(category);
    expect(filters.genders).toContain('Kids');
  });

  it('takes a product with no sizes or images, isNew false by default', async () => {
    const { sizes: _sizes, imageIds: _imageIds, isNew: _isNew, ...body } = productBody();
    const created = await addProduct(t.app, admin, body);
    expect(created).toMatchObject({ sizes: {}, images: [], isNew: false });
    expect((await shopProduct(created._id)).sizes).toEqual({});
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no title', { title: undefined }, 'title', 'Title is required'],
    ['a blank title', { title: '   ' }, 'title', 'Title is required'],
    [
      'a 201-character title',
      { title: 'x'.repeat(201) },
      'title',
      'Title must be at most 200 characters',
    ],
    [
      'a 100 kB title',
      { title: 'x'.repeat(100_000) },
      'title',
      'Title must be at most 200 characters',
    ],
    ['no description', { description: '' }, 'description', 'Description is required'],
    [
      'a 100 kB description',
      { description: 'x'.repeat(100_000) },
      'description',
      'Description must be at most 5000 characters',
    ],
    ['no price', { price: undefined }, 'price', 'Price must be a number'],
    ['a price as text', { price: '499' }, 'price', 'Price must be a number'],
    ['a zero price', { price: 0 }, 'price', 'Price must be more than 0'],
    ['a negative price', { price: -10 }, 'price', 'Price must be more than 0'],
    [
      'a price in fractions of paise',
      { price: 10.555 },
      'price',
      'Price may have at most 2 decimals',
    ],
    ['a price over ₹10,00,000', { price: 1_000_001 }, 'price', 'Price must be at most ₹1000000'],
    ['no gender', { gender: undefined }, 'gender', 'Gender is required'],
    [
      'a 61-character category',
      { category: 'c'.repeat(61) },
      'category',
      'Category must be at most 60 characters',
    ],
    ['isNew as text', { isNew: 'yes' }, 'isNew', 'isNew must be true or false'],
    [
      'an unknown size',
      { sizes: { M: 1, XXXL: 2 } },
      'sizes',
      'Sizes must be among XS, S, M, L, XL, XXL',
    ],
    ['sizes as a list', { sizes: ['M'] }, 'sizes', 'Sizes must map each size to its stock'],
    ['a negative stock', { sizes: { M: -1 } }, 'sizes.M', 'Stock must be 0 or more'],
    ['a fractional stock', { sizes: { M: 1.5 } }, 'sizes.M', 'Stock must be a whole number'],
    ['a stock as text', { sizes: { M: '3' } }, 'sizes.M', 'Stock must be a whole number'],
    ['a huge stock', { sizes: { M: 100_001 } }, 'sizes.M', 'Stock must be at most 100000'],
    ['imageIds as text', { imageIds: 'abc' }, 'imageIds', 'imageIds must be a list of image ids'],
    [
      '11 images',
      { imageIds: Array.from({ length: 11 }, () => crypto.randomUUID()) },
      'imageIds',
      'A product may have at most 10 images',
    ],
    [
      'an image twice',
      { imageIds: [UNKNOWN_ID, UNKNOWN_ID] },
      'imageIds',
      'Each image may appear only once',
    ],
    ['an image never uploaded', { imageIds: [UNKNOWN_ID] }, 'imageIds', unknownImage(UNKNOWN_ID)],
    [
      'an image id that is no id',
      { imageIds: ['not-an-image'] },
      'imageIds',
      unknownImage('not-an-image'),
    ],
  ])('refuses %s with a 400 naming the field, adding nothing', async (_, overrides, field, message) => {
    const word = uniqueWord();
    const body = productBody({ description: `Refused ${word}`, ...overrides });
    const failure = await expectFailure(
      t.app,
      asUser(admin, { method: 'POST', url: '/api/v1/admin/products', payload: body }),
      400,
    );
    expect(failure.errors).toContainEqual({ field, message });
    expect(failure.message).toContain(message);
    expect((await adminList(`search=${word}`)).total).toBe(0);
  });

  it('keeps a __proto__ key from reaching anything', async () => {
    const response = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/v1/admin/products',
        headers: { 'content-type': 'application/json' },
        payload: `{"title":"Proto","description":"x","price":10,"gender":"Men","category":"Tops","sizes":{"__proto__":{"M":5}}}`,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).M).toBeUndefined();
  });
});

describe('GET /api/v1/admin/products', () => {
  it('lists every product newest first, archived ones too, with stock and images', async () => {
    const word = uniqueWord();
    const first = await addProduct(t.app, admin, productBody({ title: `First ${word}` }));
    const second = await addProduct(t.app, admin, productBody({ title: `Second ${word}` }));
    const archived = await addProduct(t.app, admin, productBody({ title: `Third ${word}` }));
    await remove(archived._id); // no order holds it: it is deleted
    const kept = await createProduct(t.db, { title: `Fourth ${word}`, stock: { L: 1 } });
    const user = await signUp(t.app);
    await addLine(t.app, user, kept, 'L', 1);
    await placeOrder(user);
    expect((await remove(kept)).outcome).toBe('archived');

    const page = await adminList(`search=${word}`);
    expect(page.results.map((p) => p._id)).toEqual([kept, second._id, first._id]);
    expect(page).toMatchObject({ total: 3, page: 1, pages: 1, limit: 24 });
    expect(page.results[0]).toMatchObject({ archived: true, sizes: { L: 0 }, unitsSold: 1 });
    expect(page.results[0]?.images).toHaveLength(2);
    expect(page.results[1]).toMatchObject({ archived: false, sizes: { S: 4, M: 10, L: 0 } });

    expect((await adminList(`search=${word}&archived=true`)).results.map((p) => p._id)).toEqual([
      kept,
    ]);
    expect((await adminList(`search=${word}&archived=false`)).results.map((p) => p._id)).toEqual([
      second._id,
      first._id,
    ]);
    const paged = await adminList(`search=${word}&limit=2&page=2`);
    expect(paged).toMatchObject({ total: 3, page: 2, pages: 2, limit: 2 });
    expect(paged.results.map((p) => p._id)).toEqual([first._id]);
  });

  it('searches title, category, gender and description in any case, and the start of an id', async () => {
    const word = uniqueWord();
    const product = await addProduct(
      t.app,
      admin,
      productBody({ category: `Ponchos ${word}`, description: `Woven by hand; 100% wool_${word}` }),
    );
    for (const search of [word.toUpperCase(), `ponchos ${word}`, `100% wool_${word}`]) {
      expect(
        (await adminList(`search=${encodeURIComponent(search)}`)).results.map((p) => p._id),
        search,
      ).toEqual([product._id]);
    }
    expect(
      (await adminList(`search=${product._id.slice(0, 13)}`)).results.map((p) => p._id),
    ).toContain(product._id);
    // % and _ are matched as themselves, not as wildcards.
    expect((await adminList(`search=${encodeURIComponent(`100_ wool%${word}`)}`)).total).toBe(0);
  });

  it.each([
    ['archived=maybe', 'archived must be true or false'],
    ['page=0', 'page must be 1 or more'],
    ['limit=101', 'limit must be at most 100'],
    [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
  ])('refuses %s with a 400', async (query, message) => {
    const failure = await expectFailure(
      t.app,
      asUser(admin, { url: `/api/v1/admin/products?${query}` }),
      400,
    );
    expect(failure.message).toContain(message);
  });
});

describe('GET /api/v1/admin/products/:id', () => {
  it('answers one product, archived or not', async () => {
    const product = await addProduct(t.app, admin);
    expect(await adminGet(product._id)).toEqual(product);
  });

  it.each([UNKNOWN_ID, 'not-an-id'])('answers 404 for %s', async (id) => {
    const failure = await expectFailure(
      t.app,
      asUser(admin, { url: `/api/v1/admin/products/${id}` }),
      404,
    );
    expect(failure.message).toBe(PRODUCT_NOT_FOUND);
  });
});

describe('PUT /api/v1/admin/products/:id', () => {
  it('replaces the details, sizes and images, and the shop shows them at once', async () => {
    const [a, b, c] = [
      await uploadPng(t.app, admin),
      await uploadPng(t.app, admin),
      await uploadPng(t.app, admin),
    ];
    const product = await addProduct(
      t.app,
      admin,
      productBody({ imageIds: [a._id, b._id, c._id], sizes: { S: 1, M: 2, L: 3 } }),
    );
    const word = uniqueWord();
    const edited = await editProduct(
      t.app,
      admin,
      product._id,
      productBody({
        title: `Renamed ${word}`,
        description: 'Now in organic cotton.',
        price: 500,
        gender: 'Women',
        category: 'Tank Tops',
        isNew: false,
        sizes: { M: 9, XXL: 1 },
        imageIds: [c._id, a._id],
      }),
    );
    expect(edited).toMatchObject({
      _id: product._id,
      title: `Renamed ${word}`,
      price: 500,
      gender: 'Women',
      category: 'Tank Tops',
      isNew: false,
      sizes: { M: 9, XXL: 1 },
      images: [{ _id: c._id }, { _id: a._id }],
      createdAt: product.createdAt,
    });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(product.updatedAt));
    const shop = await shopProduct(product._id);
    expect(shop).toMatchObject({
      title: `Renamed ${word}`,
      price: 500,
      sizes: { M: 9, XXL: 1 },
      images: [{ url: c.url }, { url: a.url }],
    });
    expect((await shopList(`search=${word}`)).results.map((p) => p._id)).toEqual([product._id]);
    const rows = await t.db
      .select({ size: productStock.size })
      .from(productStock)
      .where(eq(productStock.productId, product._id));
    expect(rows.map((row) => row.size).sort()).toEqual(['M', 'XXL']);
  });

  it('changes the price in the shop and the cart, while a placed order keeps its price and name', async () => {
    const product = await addProduct(t.app, admin, productBody({ price: 400, sizes: { M: 10 } }));
    const user = await signUp(t.app);
    await addLine(t.app, user, product._id, 'M', 2);
    const order = await placeOrder(user);
    expect(order.items[0]).toMatchObject({ price: 400, name: product.title });
    expect(order.totalPrice).toBe(800);

    await editProduct(
      t.app,
      admin,
      product._id,
      productBody({ title: 'New Name', price: 450.5, sizes: { M: 10 } }),
    );
    expect((await shopProduct(product._id)).price).toBe(450.5);
    const line = await addLine(t.app, user, product._id, 'M', 1);
    expect(line.totalPrice).toBe(450.5);

    const after = await expectResult(
      t.app,
      { url: `/api/v1/order/${order._id}`, headers: user.auth },
      OrderSchema,
    );
    expect(after.items[0]).toMatchObject({ price: 400, name: product.title, quantity: 2 });
    expect(after.totalPrice).toBe(800);
  });

  it('changes stock that the cart and checkout respect', async () => {
    const product = await addProduct(t.app, admin, productBody({ sizes: { S: 5, M: 5 } }));
    const user = await signUp(t.app);
    await addAddress(t.app, user);
    const line = await addLine(t.app, user, product._id, 'M', 3);

    // Down to 2: the cart may not grow past it, and checkout refuses the 3 in it.
    await editProduct(
      t.app,
      admin,
      product._id,
      productBody({ title: product.title, sizes: { S: 5, M: 2 } }),
    );
    const grow = await expectFailure(
      t.app,
      {
        method: 'PUT',
        url: `/api/v1/cart/update/${line._id}`,
        headers: user.auth,
        payload: { quantity: 3 },
      },
      409,
    );
    expect(grow.message).toBe('Available quantity is 2');
    const short = await expectFailure(t.app, checkoutRequest(user), 409);
    expect(short.message).toBe(`Only 2 left of ${product.title} (size M)`);
    expect(await stockOf(t.db, product._id, 'M')).toBe(2);

    // Up to 10: the same cart now checks out, and the stock goes down from 10.
    await editProduct(
      t.app,
      admin,
      product._id,
      productBody({ title: product.title, sizes: { S: 5, M: 10 } }),
    );
    await expectResult(t.app, checkoutRequest(user), OrderSchema, 201);
    expect(await stockOf(t.db, product._id, 'M')).toBe(7);

    // Size M dropped: the shop no longer sells it.
    await editProduct(
      t.app,
      admin,
      product._id,
      productBody({ title: product.title, sizes: { S: 5 } }),
    );
    expect((await shopProduct(product._id)).sizes).toEqual({ S: 5 });
    const gone = await expectFailure(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/cart/create',
        headers: user.auth,
        payload: { productId: product._id, size: 'M', quantity: 1 },
      },
      400,
    );
    expect(gone.message).toBe('This size is not available for this product');
  });

  it('refuses an image never uploaded and changes nothing', async () => {
    const product = await addProduct(t.app, admin, productBody({ price: 300 }));
    const failure = await expectFailure(
      t.app,
      asUser(admin, {
        method: 'PUT',
        url: `/api/v1/admin/products/${product._id}`,
        payload: productBody({ price: 999, imageIds: [UNKNOWN_ID] }),
      }),
      400,
    );
    expect(failure.message).toBe(unknownImage(UNKNOWN_ID));
    expect(await adminGet(product._id)).toEqual(product);
  });

  it.each([UNKNOWN_ID, 'not-an-id'])('answers 404 for %s', async (id) => {
    const failure = await expectFailure(
      t.app,
      asUser(admin, { method: 'PUT', url: `/api/v1/admin/products/${id}`, payload: productBody() }),
      404,
    );
    expect(failure.message).toBe(PRODUCT_NOT_FOUND);
  });
});

describe('DELETE /api/v1/admin/products/:id and POST .../restore', () => {
  it('deletes a product no order holds, with its stock and cart lines', async () => {
    const product = await addProduct(t.app, admin);
    const user = await signUp(t.app);
    await addLine(t.app, user, product._id, 'M', 1);
    expect(await remove(product._id)).toEqual({ outcome: 'deleted', product: null });
    await expectFailure(
      t.app,
      asUser(admin, { url: `/api/v1/admin/products/${product._id}` }),
      404,
    );
    await expectFailure(t.app, `/api/v1/product/${product._id}`, 404);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.productId, product._id))).toEqual(
      [],
    );
    expect(await stockOf(t.db, product._id, 'M')).toBeUndefined();
    const again = await expectFailure(
      t.app,
      asUser(admin, { method: 'DELETE', url: `/api/v1/admin/products/${product._id}` }),
      404,
    );
    expect(again.message).toBe(PRODUCT_NOT_FOUND);
  });

  it('archives a product an order holds: it leaves the shop, the order keeps it; restore brings it back', async () => {
    const word = uniqueWord();
    const product = await addProduct(t.app, admin, productBody({ title: `Archived ${word}` }));
    const buyer = await signUp(t.app);
    await addLine(t.app, buyer, product._id, 'M', 1);
    const order = await placeOrder(buyer);
    const browser = await signUp(t.app);
    await addLine(t.app, browser, product._id, 'S', 1);

    const result = await remove(product._id);
    expect(result.outcome).toBe('archived');
    expect(result.product).toMatchObject({ _id: product._id, archived: true });
    expect(result.product?.archivedAt).toEqual(expect.any(String));

    await expectFailure(t.app, `/api/v1/product/${product._id}`, 404);
    expect((await shopList(`search=${word}`)).total).toBe(0);
    const cart = await expectResult(
      t.app,
      { url: '/api/v1/cart/get-all', headers: browser.auth },
      z.array(CartItemSchema),
    );
    expect(cart).toEqual([]);
    const kept = await expectResult(
      t.app,
      { url: `/api/v1/order/${order._id}`, headers: buyer.auth },
      OrderSchema,
    );
    expect(kept.items).toEqual(order.items);
    expect((await adminGet(product._id)).archived).toBe(true);

    // Deleting it again leaves it archived, from the same moment.
    const twice = await remove(product._id);
    expect(twice).toEqual(result);

    const restored = await restore(product._id);
    expect(restored).toMatchObject({ archived: false, archivedAt: null });
    expect((await shopProduct(product._id)).title).toBe(`Archived ${word}`);
    expect((await shopList(`search=${word}`)).results.map((p) => p._id)).toEqual([product._id]);
    // Restoring a product on sale changes nothing.
    expect(await restore(product._id)).toEqual(restored);
  });

  it('races a checkout safely: the order lands and the product is archived, or the product goes first', async () => {
    for (let round = 0; round < 5; round++) {
      const product = await addProduct(t.app, admin, productBody({ sizes: { M: 3 } }));
      const user = await signUp(t.app);
      await addAddress(t.app, user);
      await addLine(t.app, user, product._id, 'M', 1);
      const [checkout, removal] = await Promise.all([
        call(t.app, checkoutRequest(user)),
        call(
          t.app,
          asUser(admin, { method: 'DELETE', url: `/api/v1/admin/products/${product._id}` }),
        ),
      ]);
      expect(removal.status, JSON.stringify(removal.body)).toBe(200);
      const outcome = DeleteAdminProductResultSchema.parse(removal.body.result).outcome;
      if (checkout.status === 201) {
        expect(outcome).toBe('archived');
      } else {
        // The cart line went with the product, or the stock did under the checkout's feet.
        expect([400, 409], JSON.stringify(checkout.body)).toContain(checkout.status);
        expect(outcome).toBe('deleted');
      }
    }
  });

  it.each([UNKNOWN_ID, 'not-an-id'])('answers 404 for %s', async (id) => {
    for (const request of [
      { method: 'DELETE' as const, url: `/api/v1/admin/products/${id}` },
      { method: 'POST' as const, url: `/api/v1/admin/products/${id}/restore` },
    ]) {
      const failure = await expectFailure(t.app, asUser(admin, request), 404);
      expect(failure.message).toBe(PRODUCT_NOT_FOUND);
    }
  });

  it('refuses a shopper, changing nothing', async () => {
    const product = await addProduct(t.app, admin);
    const shopper = await signUp(t.app);
    const response = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/admin/products/${product._id}`,
      headers: shopper.auth,
    });
    expect(response.status).toBe(403);
    expect(await adminGet(product._id)).toEqual(product);
  });
});

describe('HSN codes on products (issue 26)', () => {
  it.each([
    ['T-Shirts', '6109'],
    ['Hoodies', '6110'],
    ['sweatshirts ', '6110'],
    ['Polo Shirts', '6105'],
    ['Jackets', '6201'],
    ['Mugs', '6109'],
  ])('gives a new %j product its category’s HSN code %s when the owner gives none', async (category, hsn) => {
    const created = await addProduct(t.app, admin, productBody({ category }));
    expect(created.hsn).toBe(hsn);
    expect((await adminGet(created._id)).hsn).toBe(hsn);
  });

  it('keeps the code the owner gives, and an edit without one keeps it', async () => {
    const created = await addProduct(t.app, admin, productBody({ hsn: ' 61099090 ' }));
    expect(created.hsn).toBe('61099090');
    const withoutHsn = productBody({ category: 'Hoodies' });
    expect(withoutHsn).not.toHaveProperty('hsn');
    expect((await editProduct(t.app, admin, created._id, withoutHsn)).hsn).toBe('61099090');
    expect((await editProduct(t.app, admin, created._id, productBody({ hsn: '6110' }))).hsn).toBe(
      '6110',
    );
  });

  it.each([
    '61A9',
    '610',
    '61091',
    '6109909012',
    '',
  ])('refuses the HSN code %j with 400', async (hsn) => {
    const failure = await expectFailure(
      t.app,
      asUser(admin, {
        method: 'POST',
        url: '/api/v1/admin/products',
        payload: productBody({ hsn }),
      }),
      400,
    );
    expect(failure.errors).toContainEqual({
      field: 'hsn',
      message: 'HSN code must be 4, 6 or 8 digits',
    });
  });

  it('gave products of the seed’s and a test’s making their category’s code', async () => {
    const id = await createProduct(t.db, { category: 'Sweatshirts' });
    const [row] = await t.db
      .select({ hsn: products.hsn })
      .from(products)
      .where(eq(products.id, id));
    expect(row?.hsn).toBe('6110');
  });
});

describe('blank garments (issue 28)', () => {
  const designable = (blank?: boolean) => ({
    customisable: true,
    printAreas: {
      front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
      back: { xMm: 150, yMm: 120, widthMm: 300, heightMm: 420 },
    },
    decorationPrice: { front: 150, back: 120 },
    ...(blank !== undefined && { blank }),
  });

  it('keeps whether a customisable product’s photos show the blank garment: created, read, changed', async () => {
    const printed = await addProduct(t.app, admin, productBody({ customisation: designable() }));
    expect(printed.customisation.blank).toBe(false);
    const created = await addProduct(
      t.app,
      admin,
      productBody({ customisation: designable(true) }),
    );
    expect(created.customisation.blank).toBe(true);
    expect((await adminGet(created._id)).customisation.blank).toBe(true);
    expect((await shopProduct(created._id)).customisation.blank).toBe(true);

    const edited = await editProduct(
      t.app,
      admin,
      created._id,
      productBody({ customisation: designable(false) }),
    );
    expect(edited.customisation.blank).toBe(false);
    expect((await shopProduct(created._id)).customisation.blank).toBe(false);
  });
});

describe('price breaks in the admin product API (issue 29)', () => {
  const TEE_BREAKS = [
    { minQuantity: 10, percentOff: 10 },
    { minQuantity: 25, percentOff: 15 },
  ];

  it('stores a product’s breaks, shows them in the shop, and writes them to every colour of its style', async () => {
    const navy = await addProduct(t.app, admin, productBody({ priceBreaks: TEE_BREAKS }));
    expect(navy.priceBreaks).toEqual(TEE_BREAKS);
    expect((await shopProduct(navy._id)).priceBreaks).toEqual(TEE_BREAKS);

    // A new colour of the style takes the style's breaks.
    const white = await addProduct(
      t.app,
      admin,
      productBody({ styleId: navy.styleId, color: { name: 'White', hex: '#ffffff' } }),
    );
    expect(white.priceBreaks).toEqual(TEE_BREAKS);

    // Saving one colour with other breaks changes the whole style; an edit without them keeps them.
    const fewer = [{ minQuantity: 20, percentOff: 12 }];
    await editProduct(t.app, admin, white._id, {
      ...productBody({ styleId: navy.styleId, color: { name: 'White', hex: '#ffffff' } }),
      priceBreaks: fewer,
    });
    expect((await adminGet(navy._id)).priceBreaks).toEqual(fewer);
    await editProduct(t.app, admin, navy._id, productBody({ title: navy.title }));
    expect((await shopProduct(white._id)).priceBreaks).toEqual(fewer);
  });

  it.each([
    [[{ minQuantity: 1, percentOff: 10 }], 'Pieces must be at least 2'],
    [[{ minQuantity: 10, percentOff: 95 }], 'Percent off must be at most 90'],
    [
      [
        { minQuantity: 25, percentOff: 15 },
        { minQuantity: 10, percentOff: 10 },
      ],
      'Price breaks must go up: each one from more pieces than the one before',
    ],
    [
      [2, 3, 4, 5, 6, 7].map((minQuantity) => ({ minQuantity, percentOff: 5 })),
      'A product may have at most 5 price breaks',
    ],
  ])('refuses the breaks %j with 400: %s', async (priceBreaks, message) => {
    const failure = await expectFailure(
      t.app,
      asUser(admin, {
        method: 'POST',
        url: '/api/v1/admin/products',
        payload: productBody({ priceBreaks }),
      }),
      400,
    );
    expect(failure.message).toContain(message);
  });
});
