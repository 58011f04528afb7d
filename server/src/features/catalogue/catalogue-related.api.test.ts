import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProductSchema, RELATED_PRODUCTS_LIMIT } from '#contract';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { archiveProduct, createProduct } from '#server-test/catalogue-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const related = (id: string) =>
  expectResult(t.app, `/api/v1/product/${id}/related`, z.array(ProductSchema));

describe("GET /api/v1/product/:id/related ('You may also like')", () => {
  it('lists in-stock products of the same category and gender, not this one, best rated first', async () => {
    const category = `Related ${crypto.randomUUID().slice(0, 8)}`;
    const product = await createProduct(t.db, { category, gender: 'Women' });
    const good = await createProduct(t.db, { category, gender: 'Women', rating: 4.5 });
    const fair = await createProduct(t.db, { category, gender: 'Women', rating: 3 });
    const soldOut = await createProduct(t.db, { category, gender: 'Women', stock: { M: 0 } });
    const archived = await createProduct(t.db, { category, gender: 'Women' });
    await archiveProduct(t.db, archived);
    await createProduct(t.db, { category, gender: 'Men' });
    await createProduct(t.db, { gender: 'Women' });

    const found = await related(product);
    expect(found.map((item) => item._id)).toEqual([good, fair]);
    expect(found.map((item) => item._id)).not.toContain(soldOut);
  });

  it("shows one colour of each style, its best rated, never this product's own colours", async () => {
    const category = `Styles ${crypto.randomUUID().slice(0, 8)}`;
    const colour = (styleId: string, name: string, rating: number) =>
      createProduct(t.db, { category, styleId, rating, color: { name, hex: '#123456' } });
    const ownStyle = crypto.randomUUID();
    const product = await colour(ownStyle, 'Navy', 4);
    await colour(ownStyle, 'Black', 5);
    const waffle = crypto.randomUUID();
    await colour(waffle, 'Maroon', 4.1);
    const bestWaffle = await colour(waffle, 'Cream', 4.8);
    await colour(waffle, 'Navy', 4.6);
    const plain = await createProduct(t.db, { category, rating: 4.7 });

    expect((await related(product)).map((item) => item._id)).toEqual([bestWaffle, plain]);
  });

  it(`shows at most ${RELATED_PRODUCTS_LIMIT}`, async () => {
    const category = `Many ${crypto.randomUUID().slice(0, 8)}`;
    const ids = [];
    for (let index = 0; index <= RELATED_PRODUCTS_LIMIT + 1; index++) {
      ids.push(await createProduct(t.db, { category, images: 0 }));
    }
    expect(await related(ids[0] as string)).toHaveLength(RELATED_PRODUCTS_LIMIT);
  });

  it.each([
    '00000000-0000-4000-8000-000000000000',
    'not-an-id',
  ])('answers 404 for %s', async (id) => {
    await expectFailure(t.app, `/api/v1/product/${id}/related`, 404);
  });
});
