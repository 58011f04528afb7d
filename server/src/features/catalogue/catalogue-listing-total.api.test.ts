import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_EXACT_TOTAL_MAX, ProductPageSchema } from '#contract';
import { products } from '#server/db/schema/catalogue.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { expectResult } from '#server-test/http.ts';

/**
 * A listing counts its styles up to LISTING_EXACT_TOTAL_MAX and past it says
 * there are more (decision 028), while its pages still reach every style; a
 * search still counts exactly, through its search documents.
 */

let t: TestApp;
const STYLES = LISTING_EXACT_TOTAL_MAX + 30;
/** Styles given a second colour: the counts count styles, not colours. */
const TWO_COLOUR_STYLES = 5;
const MINUTE = 60_000;
const category = `Bulk ${randomUUID().slice(0, 8)}`;
/** A word of letters only, in every bulk title, that no other product has. */
const word = `bulk${[...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
let firstId = '';

beforeAll(async () => {
  t = await createTestApp();
  const added = Date.now() - 10 * STYLES * MINUTE;
  const styleIds = Array.from({ length: STYLES }, () => randomUUID());
  const colour = (styleId: string, index: number, rating: number) => ({
    title: `${word} tee ${index}`,
    description: 'A plain everyday top.',
    pricePaise: 49_900,
    rating,
    gender: 'Unisex',
    category,
    styleId,
    colorName: 'White',
    colorHex: '#ffffff',
    createdAt: new Date(added + index * MINUTE),
  });
  // One statement: the triggers keep style leads and search documents for all at once.
  const rows = await t.db
    .insert(products)
    .values([
      ...styleIds.map((styleId, index) =>
        colour(styleId, index, index < TWO_COLOUR_STYLES ? 5 : 3),
      ),
      ...styleIds
        .slice(0, TWO_COLOUR_STYLES)
        .map((styleId, index) => colour(styleId, STYLES + index, 5)),
    ])
    .returning({ id: products.id });
  firstId = rows[0]?.id ?? '';
});
afterAll(() => t.close());

const list = (query: string) =>
  expectResult(
    t.app,
    `/api/v1/product?category=${encodeURIComponent(category)}&sortBy=newest&${query}`,
    ProductPageSchema,
  );

describe('a listing past the exact count', () => {
  it('says there are more than it counted, with the pages known to exist', async () => {
    const page = await list('limit=24');
    expect(page.results).toHaveLength(24);
    expect(page).toMatchObject({
      total: LISTING_EXACT_TOTAL_MAX,
      moreThanTotal: true,
      // Style 1,001 exists, so its page does.
      pages: Math.ceil((LISTING_EXACT_TOTAL_MAX + 1) / 24),
    });
  });

  it('pages on past the count, knowing on each page whether a next one exists', async () => {
    const limit = 100;
    const lastFull = Math.floor(STYLES / limit);
    const beforeLast = await list(`limit=${limit}&page=${lastFull}`);
    expect(beforeLast.results).toHaveLength(limit);
    expect(beforeLast).toMatchObject({
      total: lastFull * limit,
      moreThanTotal: true,
      pages: lastFull + 1,
    });

    const last = await list(`limit=${limit}&page=${lastFull + 1}`);
    expect(last.results).toHaveLength(STYLES - lastFull * limit);
    expect(last).toMatchObject({ total: STYLES, moreThanTotal: false, pages: lastFull + 1 });

    const seen = new Set<string>();
    for (let page = 1; page <= lastFull + 1; page += 1) {
      for (const product of (await list(`limit=${limit}&page=${page}`)).results) {
        seen.add(product.styleId);
      }
    }
    expect(seen.size).toBe(STYLES);
  });

  it('counts exactly a page past the last, to link to the last page', async () => {
    const page = await list('limit=100&page=50');
    expect(page).toMatchObject({
      results: [],
      total: STYLES,
      moreThanTotal: false,
      pages: Math.ceil(STYLES / 100),
    });
  });

  it('counts styles exactly under the cap', async () => {
    const page = await list('rating=5');
    expect(page).toMatchObject({ total: TWO_COLOUR_STYLES, moreThanTotal: false, pages: 1 });
    expect(page.results).toHaveLength(TWO_COLOUR_STYLES);
  });
});

describe('a search past the exact count', () => {
  it('still counts every matching style, one card each', async () => {
    const page = await list(`search=${word}&limit=24`);
    expect(page).toMatchObject({
      total: STYLES,
      moreThanTotal: false,
      pages: Math.ceil(STYLES / 24),
    });
    expect(new Set(page.results.map((product) => product.styleId)).size).toBe(24);
  });

  it('finds a product by the words an edit gave it, and no longer by those it lost', async () => {
    const renamed = `zeph${word}`;
    await t.db
      .update(products)
      .set({ title: `${renamed} hoodie` })
      .where(eq(products.id, firstId));
    const found = await list(`search=${renamed}`);
    expect(found.results.map((product) => product._id)).toEqual([firstId]);
    expect(found).toMatchObject({ total: 1, moreThanTotal: false });
    // Its style's second colour keeps the old title: the style still matches the old word.
    expect((await list(`search=${word}&limit=24`)).total).toBe(STYLES);
  });
});
