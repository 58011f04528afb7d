/**
 * Categories and genders as the owner's lists (issue 27, decision 047): one
 * name per list whatever its case, a rename or a merge reaching the products,
 * the shop's filters, facets and search, and every process's cached answers;
 * and the styles a new colour joins, found by their name.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import {
  AdminStyleSchema,
  type CatalogueList,
  CatalogueListsSchema,
  ListEntrySchema,
  listEntryTaken,
  MergeListEntryResultSchema,
  ProductFacetsSchema,
  ProductFiltersSchema,
  ProductPageSchema,
  ProductSchema,
} from '#contract';
import { addProduct, asUser, productBody, uniqueWord } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import {
  databaseUrlOf,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from '#server-test/processes.ts';
import { signUp } from '#server-test/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createTestAppWithAdmin>>['admin'];
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(() => t?.close());

const lists = () =>
  expectResult(
    t.app,
    asUser(admin, { url: '/api/v1/admin/catalogue-lists' }),
    CatalogueListsSchema,
  );

const entryNamed = async (list: CatalogueList, name: string) => {
  const all = await lists();
  return (list === 'category' ? all.categories : all.genders).find((entry) => entry.name === name);
};

const add = (list: CatalogueList, name: string) =>
  expectResult(
    t.app,
    asUser(admin, {
      method: 'POST',
      url: `/api/v1/admin/catalogue-lists/${list}`,
      payload: { name },
    }),
    ListEntrySchema,
    201,
  );

const rename = (list: CatalogueList, id: string, name: string) =>
  expectResult(
    t.app,
    asUser(admin, {
      method: 'PUT',
      url: `/api/v1/admin/catalogue-lists/${list}/${id}`,
      payload: { name },
    }),
    ListEntrySchema,
  );

const merge = (list: CatalogueList, id: string, into: string) =>
  expectResult(
    t.app,
    asUser(admin, {
      method: 'POST',
      url: `/api/v1/admin/catalogue-lists/${list}/${id}/merge`,
      payload: { into },
    }),
    MergeListEntryResultSchema,
  );

const filters = () => expectResult(t.app, '/api/v1/product/filters', ProductFiltersSchema);
const facets = (word: string) =>
  expectResult(t.app, `/api/v1/product/facets?search=${word}`, ProductFacetsSchema);
const detail = (id: string) => expectResult(t.app, `/api/v1/product/${id}`, ProductSchema);

describe('admin only', () => {
  const calls = [
    { method: 'GET', url: '/api/v1/admin/catalogue-lists' },
    { method: 'POST', url: '/api/v1/admin/catalogue-lists/category', payload: { name: 'Caps' } },
    {
      method: 'PUT',
      url: `/api/v1/admin/catalogue-lists/gender/${crypto.randomUUID()}`,
      payload: { name: 'Kids' },
    },
    {
      method: 'POST',
      url: `/api/v1/admin/catalogue-lists/gender/${crypto.randomUUID()}/merge`,
      payload: { into: crypto.randomUUID() },
    },
    { method: 'GET', url: '/api/v1/admin/styles?search=tee' },
  ] as const;

  it('answers 401 to a visitor and 403 to a shopper on each call', async () => {
    const shopper = await signUp(t.app);
    for (const request of calls) {
      await expectFailure(t.app, request, 401);
      await expectFailure(t.app, asUser(shopper, request), 403);
    }
  });
});

describe('one name per list, whatever its case', () => {
  it("adds a category, and refuses 'T-shirts' beside 'T-Shirts' (409)", async () => {
    const word = uniqueWord();
    const added = await add('category', `Tees ${word}`);
    expect(added).toMatchObject({ name: `Tees ${word}`, products: 0 });
    const failure = await expectFailure(
      t.app,
      asUser(admin, {
        method: 'POST',
        url: '/api/v1/admin/catalogue-lists/category',
        payload: { name: `TEES ${word.toUpperCase()}` },
      }),
      409,
    );
    expect(failure.message).toBe(listEntryTaken('category', `Tees ${word}`));
  });

  it('writes a product of any spelling of a listed name as the list spells it', async () => {
    const word = uniqueWord();
    await add('category', `Polo ${word}`);
    await add('gender', `Teens ${word}`);
    const product = await addProduct(
      t.app,
      admin,
      productBody({ category: `polo ${word.toUpperCase()}`, gender: `TEENS ${word}` }),
    );
    expect(product).toMatchObject({ category: `Polo ${word}`, gender: `Teens ${word}` });
    // Written another way (the seed, the bench): the same.
    const seeded = await detail(await createProduct(t.db, { category: `POLO ${word}` }));
    expect(seeded.category).toBe(`Polo ${word}`);
    expect(await entryNamed('category', `Polo ${word}`)).toMatchObject({ products: 2 });
  });

  it('lists a name a product brings that the list lacks, once', async () => {
    const word = uniqueWord();
    await createProduct(t.db, { category: `Ponchos ${word}` });
    await createProduct(t.db, { category: `ponchos ${word}` });
    const all = await lists();
    const named = all.categories.filter((entry) => entry.name.toLowerCase() === `ponchos ${word}`);
    expect(named).toEqual([expect.objectContaining({ name: `Ponchos ${word}`, products: 2 })]);
  });
});

describe('a rename reaches the products, the filters, the facets and search at once', () => {
  it('renames a category, its products and what the shop shows of them', async () => {
    const word = uniqueWord();
    const product = await addProduct(
      t.app,
      admin,
      productBody({ title: `Renamed Tee ${word}`, category: `Tshirts ${word}` }),
    );
    const entry = await entryNamed('category', `Tshirts ${word}`);
    if (!entry) throw new Error('The category is listed');
    // Warm the cached answers (twice: the second read is a hit).
    for (let read = 0; read < 2; read++) {
      expect((await filters()).categories).toContain(`Tshirts ${word}`);
      expect((await facets(word)).groups.category).toContainEqual({
        value: `Tshirts ${word}`,
        count: 1,
      });
      expect((await detail(product._id)).category).toBe(`Tshirts ${word}`);
    }

    const renamed = await rename('category', entry._id, `T-Shirts ${word}`);
    expect(renamed).toEqual({ _id: entry._id, name: `T-Shirts ${word}`, products: 1 });

    expect((await detail(product._id)).category).toBe(`T-Shirts ${word}`);
    const shown = (await filters()).categories;
    expect(shown).toContain(`T-Shirts ${word}`);
    expect(shown).not.toContain(`Tshirts ${word}`);
    const counted = (await facets(word)).groups.category ?? [];
    expect(counted).toContainEqual({ value: `T-Shirts ${word}`, count: 1 });
    expect(counted.map((option) => option.value)).not.toContain(`Tshirts ${word}`);
    const filtered = await expectResult(
      t.app,
      `/api/v1/product?category=${encodeURIComponent(`T-Shirts ${word}`)}`,
      ProductPageSchema,
    );
    expect(filtered.results.map((card) => card._id)).toEqual([product._id]);
  });

  it('renames to another spelling of the same name', async () => {
    const word = uniqueWord();
    const entry = await add('gender', `unisex ${word}`);
    expect(await rename('gender', entry._id, `Unisex ${word}`)).toMatchObject({
      name: `Unisex ${word}`,
    });
  });

  it('refuses a name another entry has (409) and an entry not there (404)', async () => {
    const word = uniqueWord();
    const kept = await add('category', `Hoodies ${word}`);
    const other = await add('category', `Hoody ${word}`);
    await expectFailure(
      t.app,
      asUser(admin, {
        method: 'PUT',
        url: `/api/v1/admin/catalogue-lists/category/${other._id}`,
        payload: { name: `hoodies ${word}` },
      }),
      409,
    );
    // The entry of the other list is not this list's.
    for (const url of [
      `/api/v1/admin/catalogue-lists/category/${crypto.randomUUID()}`,
      `/api/v1/admin/catalogue-lists/gender/${kept._id}`,
      '/api/v1/admin/catalogue-lists/category/not-an-id',
    ]) {
      await expectFailure(
        t.app,
        asUser(admin, { method: 'PUT', url, payload: { name: 'X' } }),
        404,
      );
    }
    await expectFailure(
      t.app,
      asUser(admin, {
        method: 'PUT',
        url: `/api/v1/admin/catalogue-lists/colour/${kept._id}`,
        payload: { name: 'X' },
      }),
      404,
    );
  });
});

describe('a merge', () => {
  it('moves the merged entry’s products to the other and drops it', async () => {
    const word = uniqueWord();
    const stays = await addProduct(
      t.app,
      admin,
      productBody({ title: `Kept ${word}`, gender: `Women ${word}` }),
    );
    const moves = await addProduct(
      t.app,
      admin,
      productBody({ title: `Moved ${word}`, gender: `Ladies ${word}` }),
    );
    const into = await entryNamed('gender', `Women ${word}`);
    const merged = await entryNamed('gender', `Ladies ${word}`);
    if (!into || !merged) throw new Error('Both genders are listed');
    expect((await facets(word)).groups.gender).toContainEqual({
      value: `Ladies ${word}`,
      count: 1,
    });

    const result = await merge('gender', merged._id, into._id);
    expect(result).toEqual({
      entry: { _id: into._id, name: `Women ${word}`, products: 2 },
      moved: 1,
    });

    expect((await detail(moves._id)).gender).toBe(`Women ${word}`);
    expect((await detail(stays._id)).gender).toBe(`Women ${word}`);
    expect(await entryNamed('gender', `Ladies ${word}`)).toBeUndefined();
    expect((await filters()).genders).not.toContain(`Ladies ${word}`);
    const counted = (await facets(word)).groups.gender ?? [];
    expect(counted).toContainEqual({ value: `Women ${word}`, count: 2 });
    expect(counted.map((option) => option.value)).not.toContain(`Ladies ${word}`);
  });

  it('refuses to merge an entry into itself (400) or into one not there (404)', async () => {
    const entry = await add('category', `Caps ${uniqueWord()}`);
    await expectFailure(
      t.app,
      asUser(admin, {
        method: 'POST',
        url: `/api/v1/admin/catalogue-lists/category/${entry._id}/merge`,
        payload: { into: entry._id },
      }),
      400,
    );
    await expectFailure(
      t.app,
      asUser(admin, {
        method: 'POST',
        url: `/api/v1/admin/catalogue-lists/category/${entry._id}/merge`,
        payload: { into: crypto.randomUUID() },
      }),
      404,
    );
  });
});

describe('GET /api/v1/admin/styles', () => {
  it('finds a style by a colour’s title, with every colour named, first added first', async () => {
    const word = uniqueWord();
    const first = await addProduct(
      t.app,
      admin,
      productBody({ title: `Striped Tee ${word}`, color: { name: 'Navy', hex: '#1e3a5f' } }),
    );
    const second = await addProduct(
      t.app,
      admin,
      productBody({
        title: `Striped Tee ${word}`,
        color: { name: 'Red', hex: '#aa0000' },
        styleId: first.styleId,
      }),
    );
    const styles = await expectResult(
      t.app,
      asUser(admin, { url: `/api/v1/admin/styles?search=${word.toUpperCase()}` }),
      z.array(AdminStyleSchema),
    );
    expect(styles).toEqual([
      {
        styleId: first.styleId,
        title: `Striped Tee ${word}`,
        colors: [
          { productId: first._id, name: 'Navy', hex: '#1e3a5f' },
          { productId: second._id, name: 'Red', hex: '#aa0000' },
        ],
      },
    ]);
  });
});

describe.skipIf(inject('testDatabase').kind !== 'postgres')(
  'two server processes on one PostgreSQL',
  () => {
    let servers: ShopProcess[] = [];
    beforeAll(async () => {
      if (inject('testDatabase').kind !== 'postgres') return;
      servers = await startShopProcesses(2, await databaseUrlOf(t.db));
    }, 60_000);
    afterAll(() => stopShopProcesses(servers));

    const read = async <Schema extends z.ZodType>(base: string, path: string, schema: Schema) => {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      return schema.parse(
        ((await response.json()) as { result: unknown }).result,
      ) as z.output<Schema>;
    };

    it('shows a rename and a merge made through one process in the very next answer of the other', async () => {
      const [a, b] = servers;
      if (!a || !b) throw new Error('Two processes');
      const word = uniqueWord();
      const product = await addProduct(
        t.app,
        admin,
        productBody({ title: `Shared ${word}`, category: `Old ${word}` }),
      );
      const other = await addProduct(
        t.app,
        admin,
        productBody({ title: `Other ${word}`, category: `Other ${word}` }),
      );
      const categoriesIn = async (base: string) => ({
        filters: (await read(base, '/api/v1/product/filters', ProductFiltersSchema)).categories,
        facets: (
          (await read(base, `/api/v1/product/facets?search=${word}`, ProductFacetsSchema)).groups
            .category ?? []
        ).map((option) => `${option.value}=${option.count}`),
        detail: (await read(base, `/api/v1/product/${product._id}`, ProductSchema)).category,
      });
      for (const server of [...servers, ...servers]) {
        expect((await categoriesIn(server.base)).detail).toBe(`Old ${word}`);
      }
      const entry = await entryNamed('category', `Old ${word}`);
      const otherEntry = await entryNamed('category', `Other ${word}`);
      if (!entry || !otherEntry) throw new Error('Both categories are listed');

      const renamed = await fetch(`${a.base}/api/v1/admin/catalogue-lists/category/${entry._id}`, {
        method: 'PUT',
        headers: { ...admin.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `New ${word}` }),
      });
      expect(renamed.status).toBe(200);
      for (const server of [b, a]) {
        const seen = await categoriesIn(server.base);
        expect(seen.detail).toBe(`New ${word}`);
        expect(seen.filters).toContain(`New ${word}`);
        expect(seen.filters).not.toContain(`Old ${word}`);
        expect(seen.facets).toEqual(expect.arrayContaining([`New ${word}=1`, `Other ${word}=1`]));
        expect(seen.facets.join()).not.toContain(`Old ${word}`);
      }

      const merged = await fetch(
        `${b.base}/api/v1/admin/catalogue-lists/category/${otherEntry._id}/merge`,
        {
          method: 'POST',
          headers: { ...admin.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ into: entry._id }),
        },
      );
      expect(merged.status).toBe(200);
      for (const server of [a, b]) {
        const seen = await categoriesIn(server.base);
        expect(seen.filters).not.toContain(`Other ${word}`);
        expect(seen.facets).toContain(`New ${word}=2`);
        expect(seen.facets.join()).not.toContain(`Other ${word}`);
        expect(
          (await read(server.base, `/api/v1/product/${other._id}`, ProductSchema)).category,
        ).toBe(`New ${word}`);
      }
    });
  },
);
