import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminProductSchema,
  ProductFiltersSchema,
  ProductPageSchema,
  ProductSchema,
} from '#contract';
import { unknownStyle } from '#server/features/catalogue/admin-products.service.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { addProduct, asUser, editProduct, productBody } from '#server-test/admin-fixtures.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { archiveProduct, createProduct } from '#server-test/catalogue-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import type { SignedUp } from '#server-test/users.ts';

/**
 * Real colours (decision 018): a product is one colour of a style, with its
 * own stock and pictures; the listing shows a style once and filters by
 * colour exactly; the spec's product shape (D1) stays as it was.
 */

let t: TestApp;
let admin: SignedUp;
const MINUTE = 60_000;
const NAVY = { name: 'Navy', hex: '#1e3a5f' };
const BLACK = { name: 'Black', hex: '#1c1c1e' };
const RED = { name: 'Red', hex: '#b91c1c' };
const ids: Record<'navy' | 'black' | 'red' | 'plain', string> = {
  navy: '',
  black: '',
  red: '',
  plain: '',
};
let styleId: string;
let title: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app, t.db);
  styleId = randomUUID();
  title = `Colour Tee ${styleId.slice(0, 8)}`;
  const added = Date.now() - 60 * MINUTE;
  const colour = (color: { name: string; hex: string }, index: number, stock: object) => ({
    title,
    styleId,
    color,
    category: 'Colour Tees',
    createdAt: new Date(added + index * MINUTE),
    stock,
  });
  ids.navy = await createProduct(t.db, colour(NAVY, 0, { S: 3, M: 0 }));
  ids.black = await createProduct(t.db, colour(BLACK, 1, { S: 1, M: 4 }));
  ids.red = await createProduct(t.db, colour(RED, 2, { S: 0, M: 0 }));
  ids.plain = await createProduct(t.db, {
    category: 'Colour Tees',
    color: { name: 'White', hex: '#ffffff' },
    stock: { M: 2 },
  });
});
afterAll(() => t.close());

const shopProduct = (id: string) => expectResult(t.app, `/api/v1/product/${id}`, ProductSchema);
const shopList = (query: string) =>
  expectResult(
    t.app,
    `/api/v1/product?category=Colour%20Tees&sortBy=newest&${query}`,
    ProductPageSchema,
  );
const listed = (page: { results: { _id: string }[] }) => page.results.map((product) => product._id);

describe('a product answers its colour and its style’s colours', () => {
  it('lists every colour of the style, in the order added, with whether it is in stock', async () => {
    const expected = [
      { productId: ids.navy, ...NAVY, inStock: true },
      { productId: ids.black, ...BLACK, inStock: true },
      { productId: ids.red, ...RED, inStock: false },
    ];
    for (const [key, color] of [
      ['navy', NAVY],
      ['black', BLACK],
      ['red', RED],
    ] as const) {
      const product = await shopProduct(ids[key]);
      expect(product).toMatchObject({ _id: ids[key], styleId, color, colors: expected });
    }
  });

  it('keeps each colour’s own stock and pictures in the spec’s shape (D1)', async () => {
    const [navy, black] = [await shopProduct(ids.navy), await shopProduct(ids.black)];
    expect(navy.sizes).toEqual({ S: 3, M: 0 });
    expect(black.sizes).toEqual({ S: 1, M: 4 });
    expect(navy.images).toHaveLength(2);
    expect(navy.images.map((image) => image.url)).not.toEqual(
      black.images.map((image) => image.url),
    );
    for (const field of ['_id', 'title', 'description', 'price', 'rating', 'gender', 'category']) {
      expect(navy, field).toHaveProperty(field);
    }
  });

  it('lists a colour on its own when its style has no other', async () => {
    const plain = await shopProduct(ids.plain);
    expect(plain.colors).toEqual([
      { productId: ids.plain, name: 'White', hex: '#ffffff', inStock: true },
    ]);
  });
});

describe('the listing shows each style once and filters by colour', () => {
  it('shows a style in its first colour, counting styles', async () => {
    const page = await shopList('');
    expect(listed(page)).toEqual([ids.plain, ids.navy]);
    expect(page.total).toBe(2);
  });

  it('answers exactly the colour asked for, by its exact name', async () => {
    expect(listed(await shopList('color=Black'))).toEqual([ids.black]);
    expect(listed(await shopList('color=Red'))).toEqual([ids.red]);
    expect(listed(await shopList('color=Black,White'))).toEqual([ids.plain, ids.black]);
    expect((await shopList('color=black')).total).toBe(0);
    expect((await shopList('color=Bla')).total).toBe(0);
  });

  it('shows the first colour that has the size asked for in stock', async () => {
    expect(listed(await shopList('size=M'))).toEqual([ids.plain, ids.black]);
    expect(listed(await shopList('size=S'))).toEqual([ids.navy]);
  });

  it('refuses a colour name longer than the shop allows with a 400 naming the field', async () => {
    const failure = await expectFailure(t.app, `/api/v1/product?color=${'x'.repeat(31)}`, 400);
    expect(failure.errors?.[0]?.field).toBe('color.0');
  });

  it('lists the colours on sale among the filter values, each once with its hex', async () => {
    const filters = await expectResult(t.app, '/api/v1/product/filters', ProductFiltersSchema);
    expect(filters.colors).toEqual([BLACK, NAVY, RED, { name: 'White', hex: '#ffffff' }]);
  });
});

describe('the owner sets colour and style (D25)', () => {
  it('adds a colour to a style: the shop shows it at once in the style, listing and filters', async () => {
    const before = await shopProduct(ids.navy);
    const green = await addProduct(
      t.app,
      admin,
      productBody({
        title,
        category: 'Colour Tees',
        styleId,
        color: { name: 'Forest', hex: '#14532D' },
      }),
    );
    expect(green).toMatchObject({ styleId, color: { name: 'Forest', hex: '#14532d' } });
    const after = await shopProduct(ids.navy);
    expect(after.colors.map((color) => color.name)).toEqual([
      ...before.colors.map((color) => color.name),
      'Forest',
    ]);
    expect(listed(await shopList('color=Forest'))).toEqual([green._id]);
    const filters = await expectResult(t.app, '/api/v1/product/filters', ProductFiltersSchema);
    expect(filters.colors).toContainEqual({ name: 'Forest', hex: '#14532d' });
  });

  it('renames a colour: the read cache serves the new one at once (decision 026)', async () => {
    const product = await addProduct(
      t.app,
      admin,
      productBody({ color: { name: 'Sand', hex: '#d6c6a5' } }),
    );
    expect(
      listed(await expectResult(t.app, '/api/v1/product?color=Sand', ProductPageSchema)),
    ).toEqual([product._id]);
    const edited = await editProduct(
      t.app,
      admin,
      product._id,
      productBody({ title: product.title, color: { name: 'Stone', hex: '#a8a29e' } }),
    );
    expect(edited.styleId).toBe(product.styleId);
    expect((await expectResult(t.app, '/api/v1/product?color=Sand', ProductPageSchema)).total).toBe(
      0,
    );
    expect(await shopProduct(product._id)).toMatchObject({
      color: { name: 'Stone', hex: '#a8a29e' },
    });
  });

  it('moves a product into another style', async () => {
    const loose = await addProduct(
      t.app,
      admin,
      productBody({ color: { name: 'Ochre', hex: '#cc7722' } }),
    );
    const moved = await editProduct(
      t.app,
      admin,
      loose._id,
      productBody({ styleId, color: loose.color }),
    );
    expect(moved.styleId).toBe(styleId);
    expect(moved.colors.map((color) => color.productId)).toContain(loose._id);
  });

  it.each([
    ['no colour', { color: undefined }, 'color'],
    ['a colour without a hex', { color: { name: 'Navy' } }, 'color.hex'],
    ['a hex that is no #rrggbb', { color: { name: 'Navy', hex: 'navy' } }, 'color.hex'],
    ['a blank colour name', { color: { name: '  ', hex: '#000000' } }, 'color.name'],
    [
      'a colour name with a comma',
      { color: { name: 'Black, matt', hex: '#000000' } },
      'color.name',
    ],
    ['a style no product has', { styleId: randomUUID() }, 'styleId'],
    ['a style id that is no id', { styleId: 'nope' }, 'styleId'],
  ])('refuses %s with a 400 naming the field, adding nothing', async (_, change, field) => {
    const body = productBody(change);
    const failure = await expectFailure(
      t.app,
      asUser(admin, { method: 'POST', url: '/api/v1/admin/products', payload: body }),
      400,
    );
    expect(failure.errors?.map((error) => error.field)).toContain(field);
    const search = await call(
      t.app,
      asUser(admin, { url: `/api/v1/admin/products?search=${encodeURIComponent(body.title)}` }),
    );
    expect(search.body.result.total).toBe(0);
  });

  it('names the unknown style in its message', async () => {
    const unknown = randomUUID();
    const failure = await expectFailure(
      t.app,
      asUser(admin, {
        method: 'POST',
        url: '/api/v1/admin/products',
        payload: productBody({ styleId: unknown }),
      }),
      400,
    );
    expect(failure.message).toBe(unknownStyle(unknown));
  });

  it('leaves an archived colour out of its style and the listing', async () => {
    const style = randomUUID();
    const first = await createProduct(t.db, {
      styleId: style,
      color: NAVY,
      category: 'Archive Tees',
      createdAt: new Date(Date.now() - MINUTE),
    });
    const second = await createProduct(t.db, {
      styleId: style,
      color: BLACK,
      category: 'Archive Tees',
    });
    await archiveProduct(t.db, first);
    const product = await shopProduct(second);
    expect(product.colors.map((color) => color.productId)).toEqual([second]);
    const page = await expectResult(
      t.app,
      '/api/v1/product?category=Archive%20Tees',
      ProductPageSchema,
    );
    expect(listed(page)).toEqual([second]);
    const owner = await expectResult(
      t.app,
      asUser(admin, { url: `/api/v1/admin/products/${first}` }),
      AdminProductSchema,
    );
    expect(owner).toMatchObject({ archived: true, color: NAVY, styleId: style });
  });
  it('keeps the unfiltered listing’s card of a style right as colours are archived, restored and moved (decision 025)', async () => {
    const style = randomUUID();
    const other = randomUUID();
    const first = await createProduct(t.db, {
      styleId: style,
      color: NAVY,
      createdAt: new Date(Date.now() - 2 * MINUTE),
    });
    const second = await createProduct(t.db, {
      styleId: style,
      color: BLACK,
      createdAt: new Date(Date.now() - MINUTE),
    });
    const elsewhere = await createProduct(t.db, {
      styleId: other,
      color: RED,
      createdAt: new Date(Date.now() - 3 * MINUTE),
    });
    // The listing with no filter at all: what style_lead alone decides.
    const cardsOf = async (styleIds: string[]) => {
      const page = await expectResult(t.app, '/api/v1/product?limit=100', ProductPageSchema);
      expect(page.total).toBe(new Set(page.results.map((product) => product.styleId)).size);
      return page.results
        .filter((product) => styleIds.includes(product.styleId))
        .map((product) => product._id);
    };
    expect(await cardsOf([style, other])).toEqual(expect.arrayContaining([first, elsewhere]));
    expect(await cardsOf([style])).toEqual([first]);
    await archiveProduct(t.db, first);
    expect(await cardsOf([style])).toEqual([second]);
    await createCatalogueService(t.db).setProductArchived(t.db, first, false);
    expect(await cardsOf([style])).toEqual([first]);
    // The first colour moves to a style whose colour came before it: each style has one card.
    await editProduct(t.app, admin, first, productBody({ styleId: other, color: NAVY }));
    expect(await cardsOf([style])).toEqual([second]);
    expect(await cardsOf([other])).toEqual([elsewhere]);
  });
});
