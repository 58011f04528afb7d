import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductPageSchema, SORT_OPTIONS } from '#contract';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { editProduct, productBody, uniqueWord } from '#server-test/admin-fixtures.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { archiveProduct, createProduct } from '#server-test/catalogue-fixtures.ts';
import { expectResult } from '#server-test/http.ts';
import type { SignedUp } from '#server-test/users.ts';

/**
 * A search without filters picks each style's card among its search leads,
 * the first colour on sale of the style with each set of words (decision
 * 028). Its answers must be those of a filtered search,
 * which windows every match: `minPrice=0` filters nothing out but takes that
 * path, so it is the reference here, for every sort.
 */

let t: TestApp;
let admin: SignedUp;
const MINUTE = 60_000;
/** Words of this file's products alone: `common` is in every description. */
const words = { first: uniqueWord(), second: uniqueWord(), common: uniqueWord() };
const style = randomUUID();
const ids: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app, t.db);
  const added = Date.now() - 60 * MINUTE;
  const colour = (word: string, index: number, price: number, name: string) => ({
    title: `${word} tee`,
    description: `${words.common} cotton`,
    styleId: style,
    price,
    rating: 3 + index / 2,
    color: { name, hex: '#1e3a5f' },
    createdAt: new Date(added + index * MINUTE),
  });
  // Colours a and b share their words; c, added last, has its own.
  ids.a = await createProduct(t.db, colour(words.first, 0, 700, 'Navy'));
  ids.b = await createProduct(t.db, colour(words.first, 1, 500, 'Black'));
  ids.c = await createProduct(t.db, colour(words.second, 2, 300, 'Red'));
  // Another style with c's words, a colour of its own.
  ids.d = await createProduct(t.db, {
    title: `${words.second} top`,
    description: `${words.common} linen`,
    price: 400,
    createdAt: new Date(added + 3 * MINUTE),
  });
});
afterAll(() => t.close());

const search = async (word: string, query = '') => {
  const page = await expectResult(
    t.app,
    `/api/v1/product?search=${word}${query}`,
    ProductPageSchema,
  );
  return { ids: page.results.map((product) => product._id), total: page.total };
};

/** The cards a search shows, after checking them against the filtered path in every sort. */
async function cards(word: string): Promise<string[]> {
  for (const sortBy of SORT_OPTIONS) {
    const unfiltered = await search(word, `&sortBy=${sortBy}`);
    expect(unfiltered, `${word} by ${sortBy}`).toEqual(
      await search(word, `&sortBy=${sortBy}&minPrice=0`),
    );
  }
  return (await search(word, '&sortBy=priceAsc')).ids;
}

describe('a search without filters shows each style once, in its first matching colour', () => {
  it('picks the first colour with the words searched, whichever colour of the style has them', async () => {
    expect(await cards(words.first)).toEqual([ids.a]);
    expect(await cards(words.second)).toEqual([ids.c, ids.d]);
    expect(await cards(words.common)).toEqual([ids.d, ids.a]);
    expect((await search(words.common)).total).toBe(2);
  });

  it('follows an edit of a colour’s words, an archive and a restore at once', async () => {
    // a takes c's words: b is now the first colour with the first words, and a
    // the style's first with the second.
    await editProduct(
      t.app,
      admin,
      ids.a,
      productBody({
        title: `${words.second} tee`,
        description: `${words.common} cotton`,
        styleId: style,
        price: 700,
      }),
    );
    expect(await cards(words.first)).toEqual([ids.b]);
    expect(await cards(words.second)).toEqual([ids.d, ids.a]);

    await archiveProduct(t.db, ids.a);
    expect(await cards(words.second)).toEqual([ids.c, ids.d]);
    expect(await cards(words.common)).toEqual([ids.d, ids.b]);

    await createCatalogueService(t.db).setProductArchived(t.db, ids.a, false);
    expect(await cards(words.second)).toEqual([ids.d, ids.a]);
    expect(await cards(words.first)).toEqual([ids.b]);
  });
});
