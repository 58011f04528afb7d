/**
 * Facet counts (issue 16, decisions 024 and 025) checked against a brute-force
 * count over the seed catalogue: for 50 seeded random searches and filter
 * combinations, each option's count is the number of styles (cards, decision
 * 018) with a colour the listing's rules let through with that option chosen
 * and the group's own selection dropped, and it is the listing's own total
 * for that choice.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMISABLE_FACET_OPTION,
  FACET_GROUPS,
  type FacetGroup,
  type Product,
  ProductFacetsSchema,
  ProductPageSchema,
  ProductSchema,
  RATING_FACET_OPTIONS,
  SIZES,
  type Size,
} from '#contract';
import { products } from '#server/db/schema/catalogue.ts';
import { seedCatalogueIfEmpty } from '#server/db/seed/seed.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { bumpCatalogueVersion } from './catalogue-version.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogueIfEmpty(t.db);
});
afterAll(() => t.close());

interface Filters {
  search?: string;
  gender?: string[];
  category?: string[];
  size?: Size[];
  color?: string[];
  minPrice?: number;
  maxPrice?: number;
  rating?: number;
  customisable?: boolean;
}

const toQuery = (filters: Filters) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    query.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return query.toString();
};

const facetsOf = (filters: Filters) =>
  expectResult(t.app, `/api/v1/product/facets?${toQuery(filters)}`, ProductFacetsSchema);

/** The styles the search finds, one product each (the listing decides what a search matches). */
async function searchedStyles(search: string | undefined): Promise<Product[]> {
  const page = await expectResult(
    t.app,
    `/api/v1/product?${toQuery({ search })}&limit=100`,
    ProductPageSchema,
  );
  expect(page.total).toBeLessThanOrEqual(100);
  return page.results;
}

/** Every product on sale: every colour of every style, each read from its own page. */
async function everyProduct(): Promise<Product[]> {
  const styles = await searchedStyles(undefined);
  const ids = styles.flatMap((style) => style.colors.map((color) => color.productId));
  return Promise.all(ids.map((id) => expectResult(t.app, `/api/v1/product/${id}`, ProductSchema)));
}

/** Every product the search finds: a search matches a style's words, the same for all its colours. */
async function searched(all: Product[], search: string | undefined): Promise<Product[]> {
  const styles = new Set((await searchedStyles(search)).map((product) => product.styleId));
  return all.filter((product) => styles.has(product.styleId));
}

/** The listing's rules for one group's selection, written out plainly. */
const passes: Record<FacetGroup, (product: Product, filters: Filters) => boolean> = {
  gender: (product, { gender }) => !gender?.length || gender.includes(product.gender),
  category: (product, { category }) => !category?.length || category.includes(product.category),
  size: (product, { size }) =>
    !size?.length || size.some((chosen) => (product.sizes[chosen] ?? 0) > 0),
  color: (product, { color }) => !color?.length || color.includes(product.color.name),
  rating: (product, { rating }) => rating === undefined || product.rating >= rating,
  customisable: (product, { customisable }) => !customisable || product.customisation.customisable,
};
const inPriceRange = (product: Product, { minPrice, maxPrice }: Filters) =>
  (minPrice === undefined || product.price >= minPrice) &&
  (maxPrice === undefined || product.price <= maxPrice);

/** The filters with `option` chosen in `group` instead of the group's own selection. */
const withOption = (filters: Filters, group: FacetGroup, option: string): Filters => ({
  ...filters,
  [group]:
    group === 'rating' ? Number(option) : group === 'customisable' ? option === 'true' : [option],
});

/** Whether a product passes the price range and every group's selection. */
const matches = (product: Product, filters: Filters) =>
  inPriceRange(product, filters) && FACET_GROUPS.every((group) => passes[group](product, filters));

/** How many styles have a product among these: the listing's cards. */
const stylesOf = (products: Product[]) => new Set(products.map((product) => product.styleId)).size;

/** A small seeded generator (mulberry32), so a failure names a combination that can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const listingTotal = async (filters: Filters) =>
  (await expectResult(t.app, `/api/v1/product?${toQuery(filters)}&limit=1`, ProductPageSchema))
    .total;

function someOf<Item>(next: () => number, items: readonly Item[], chance: number): Item[] {
  if (next() > chance) return [];
  return items.filter(() => next() < 0.35);
}

describe('GET /api/v1/product/facets', () => {
  it('counts what the listing would show for 50 random combinations (brute force over the seed)', async () => {
    const all = await everyProduct();
    const genders = [...new Set(all.map((product) => product.gender))];
    const categories = [...new Set(all.map((product) => product.category))];
    const colors = [...new Set(all.map((product) => product.color.name))];
    const searches = [undefined, undefined, 'tshirt', 'hoodie', 'tshrt', 'black', 'kids'];
    const next = random(16);
    for (let round = 0; round < 50; round++) {
      const low = next() < 0.4 ? Math.round(300 + next() * 1200) : undefined;
      const filters: Filters = {
        search: searches[Math.floor(next() * searches.length)],
        gender: someOf(next, genders, 0.5),
        category: someOf(next, categories, 0.5),
        size: someOf(next, SIZES, 0.5),
        color: someOf(next, colors, 0.3),
        minPrice: low,
        maxPrice: next() < 0.4 ? Math.round((low ?? 300) + next() * 2000) : undefined,
        rating: next() < 0.4 ? [1, 2, 3, 3.5, 4, 4.5][Math.floor(next() * 6)] : undefined,
        customisable: next() < 0.3 || undefined,
      };
      const label = JSON.stringify(filters);
      const [facets, found] = await Promise.all([facetsOf(filters), searched(all, filters.search)]);
      for (const group of FACET_GROUPS) {
        const options = facets.groups[group];
        for (const { value, count } of options) {
          const chosen = withOption(filters, group, value);
          const expected = stylesOf(found.filter((product) => matches(product, chosen)));
          expect(count, `${label} ${group}=${value}`).toBe(expected);
        }
        // One option per group also against the listing itself: what a click on it would show.
        const picked = options[Math.floor(next() * options.length)];
        if (!picked) continue;
        expect(picked.count, `${label} listing with ${group}=${picked.value}`).toBe(
          await listingTotal(withOption(filters, group, picked.value)),
        );
      }
      const expected = stylesOf(found.filter((product) => matches(product, filters)));
      expect(facets.total, label).toBe(expected);
      expect(await listingTotal(filters), label).toBe(expected);
    }
    // Six groups of options, each checked against the listing, on a shared machine.
  }, 90_000);

  it('lists every gender, category, size, colour and rating option, 0 where nothing matches', async () => {
    const facets = await facetsOf({ gender: ['Kids'], category: ['Jackets'] });
    const all = await everyProduct();
    expect(facets.groups.gender.map((option) => option.value).sort()).toEqual(
      [...new Set(all.map((product) => product.gender))].sort(),
    );
    expect(facets.groups.size.map((option) => option.value)).toEqual([...SIZES]);
    expect(facets.groups.color.map((option) => option.value).sort()).toEqual(
      [...new Set(all.map((product) => product.color.name))].sort(),
    );
    expect(facets.groups.rating.map((option) => option.value)).toEqual(
      RATING_FACET_OPTIONS.map(String),
    );
    expect(facets.groups.customisable.map((option) => option.value)).toEqual([
      CUSTOMISABLE_FACET_OPTION,
    ]);
    // Kids' jackets: the category group ignores its own choice, the gender group does not.
    const kids = all.filter((product) => product.gender === 'Kids');
    for (const option of facets.groups.category) {
      expect(option.count, option.value).toBe(
        stylesOf(kids.filter((product) => product.category === option.value)),
      );
    }
  });

  it('counts and lists only the styles shoppers may design on with customisable=true (issue 28)', async () => {
    const all = await everyProduct();
    const designable = all.filter((product) => product.customisation.customisable);
    expect(stylesOf(designable)).toBeGreaterThan(0);
    expect(stylesOf(designable)).toBeLessThan(stylesOf(all));
    const facets = await facetsOf({});
    expect(facets.groups.customisable).toEqual([
      { value: CUSTOMISABLE_FACET_OPTION, count: stylesOf(designable) },
    ]);
    const listed = await expectResult(
      t.app,
      '/api/v1/product?customisable=true&limit=100',
      ProductPageSchema,
    );
    expect(listed.total).toBe(stylesOf(designable));
    expect(listed.results.every((product) => product.customisation.customisable)).toBe(true);
    expect(await listingTotal({ customisable: false })).toBe(stylesOf(all));
  });

  it('counts nothing for a search like nothing in the catalogue', async () => {
    const facets = await facetsOf({ search: 'qqqqzzzz' });
    expect(facets.total).toBe(0);
    for (const group of FACET_GROUPS) {
      expect(facets.groups[group].every((option) => option.count === 0)).toBe(true);
    }
  });

  it('counts a gender, category and colour first written after the seed, and follows a change of them', async () => {
    // Products hold these values as codes (a trigger gives a new value the next code).
    const word = `zq${randomUUID().slice(0, 8)}`;
    const id = await createProduct(t.db, {
      title: `Facet Tee ${word}`,
      gender: `Gender ${word}`,
      category: `Category ${word}`,
      color: { name: `Colour ${word}`, hex: '#123456' },
      rating: 4.5,
      stock: { L: 2 },
    });
    const count =
      (facets: { groups: Record<FacetGroup, { value: string; count: number }[]> }) =>
      (group: FacetGroup, value: string) =>
        facets.groups[group].find((option) => option.value === value)?.count;
    const found = await facetsOf({ search: word, color: [`Colour ${word}`] });
    expect(found.total).toBe(1);
    expect(count(found)('gender', `Gender ${word}`)).toBe(1);
    expect(count(found)('category', `Category ${word}`)).toBe(1);
    expect(count(found)('color', `Colour ${word}`)).toBe(1);
    expect(count(found)('color', 'White')).toBe(0);
    expect(count(found)('size', 'L')).toBe(1);
    expect(count(found)('rating', '4')).toBe(1);
    expect((await facetsOf({ search: word, color: ['White'] })).total).toBe(0);

    // Any writer, here a plain UPDATE: the codes follow the values.
    await t.db
      .update(products)
      .set({ category: `Moved ${word}`, colorName: `Recoloured ${word}` })
      .where(eq(products.id, id));
    await bumpCatalogueVersion(t.db);
    const moved = await facetsOf({ search: word, category: [`Moved ${word}`] });
    expect(moved.total).toBe(1);
    expect(count(moved)('category', `Moved ${word}`)).toBe(1);
    expect(count(moved)('color', `Recoloured ${word}`)).toBe(1);
    expect(count(moved)('category', `Category ${word}`)).toBeUndefined();
    expect(count(moved)('color', `Colour ${word}`)).toBeUndefined();
    expect((await facetsOf({ search: word, category: [`Category ${word}`] })).total).toBe(0);
  });

  it('counts exactly when the values outgrow one word of bits', async () => {
    // Every facet's values share 63-bit words: 40 more colours than the seed's push the
    // colours past the first word, so a facet spans two words and `listed` moves on.
    const word = `zw${randomUUID().slice(0, 8)}`;
    const colours = Array.from({ length: 40 }, (_, index) => `Colour ${index} ${word}`);
    for (const [index, name] of colours.entries()) {
      await createProduct(t.db, {
        title: `Wide Tee ${word}`,
        color: { name, hex: '#123456' },
        stock: index % 2 === 0 ? { L: 1 } : { S: 1 },
      });
    }
    await bumpCatalogueVersion(t.db);
    const facets = await facetsOf({ search: word, size: ['L'] });
    const count = (group: FacetGroup, value: string) =>
      facets.groups[group].find((option) => option.value === value)?.count;
    expect(facets.total).toBe(20);
    // Sizes ignore their own selection: the colours in S alone still count there.
    expect(count('size', 'L')).toBe(20);
    expect(count('size', 'S')).toBe(20);
    colours.forEach((name, index) => {
      expect(count('color', name), name).toBe(index % 2 === 0 ? 1 : 0);
    });
  });

  it('answers 400 for filters the listing refuses', async () => {
    await expectFailure(t.app, '/api/v1/product/facets?size=XXXL', 400);
    await expectFailure(t.app, '/api/v1/product/facets?minPrice=500&maxPrice=100', 400);
    await expectFailure(t.app, '/api/v1/product/facets?rating=6', 400);
  });
});
