/**
 * The catalogue read cache (issue 15, decision 026): a cached answer is the
 * uncached one byte for byte, and no answer after a write's commit shows what
 * was there before, whoever wrote (the owner, a checkout, a cancel) and in
 * whichever process.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CatalogueMetricsSchema,
  DeleteAdminProductResultSchema,
  OrderSchema,
  ProductPageSchema,
  ProductSchema,
} from '#contract';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/env.ts';
import {
  addProduct,
  asUser,
  editProduct,
  productBody,
  uniqueWord,
} from '#server-test/admin-fixtures.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import {
  addAddress,
  addLine,
  checkoutRequest,
  unitsSoldOf,
} from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import {
  databaseUrlOf,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from '#server-test/processes.ts';
import { signUp } from '#server-test/users.ts';
import { createCatalogueService } from './catalogue.service.ts';

let t: TestApp;
/** The same shop on the same database, with the cache off. */
let uncached: FastifyInstance;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CATALOGUE_CACHE_MB: '0' });
  uncached = await buildApp({ config, database: t.database });
  admin = await signUpAdmin(t.app, t.db);
});
afterAll(async () => {
  await uncached?.close();
  await t?.close();
});

const metrics = (app: FastifyInstance, who: { auth: { authorization: string } }) =>
  expectResult(app, asUser(who, { url: '/api/v1/admin/metrics' }), CatalogueMetricsSchema);

const detail = (app: FastifyInstance, id: string) =>
  expectResult(app, `/api/v1/product/${id}`, ProductSchema);

const search = (app: FastifyInstance, word: string) =>
  expectResult(app, `/api/v1/product?search=${word}`, ProductPageSchema);

/** Buys `quantity` of one size, through the shop (a real checkout). */
const buy = async (id: string, size: string, quantity: number) => {
  const shopper = await signUp(t.app);
  await addAddress(t.app, shopper);
  await addLine(t.app, shopper, id, size, quantity);
  await expectResult(t.app, checkoutRequest(shopper), OrderSchema, 201);
};

describe('answers from memory', () => {
  it('answers a repeated read from the cache, whatever the order of its query', async () => {
    const word = uniqueWord();
    await addProduct(t.app, admin, productBody({ title: `Cached Tee ${word}` }));
    const before = await metrics(t.app, admin);
    const first = await t.app.inject(`/api/v1/product?search=${word}&size=M&size=S&limit=5`);
    const again = await t.app.inject(`/api/v1/product?size=S&limit=5&size=M&search=${word}`);
    const after = await metrics(t.app, admin);

    expect(again.body).toBe(first.body);
    expect(after.cache.misses - before.cache.misses).toBe(1);
    expect(after.cache.hits - before.cache.hits).toBe(1);
    expect(after.cache.entries).toBeGreaterThan(0);
    expect(after.cache.bytes).toBeGreaterThan(first.rawPayload.length);
    expect(after.process.pid).toBe(process.pid);
  });

  it('answers byte for byte what the app without a cache answers', async () => {
    const fixture = {
      title: `Twin Tee ${uniqueWord()}`,
      price: 799.5,
      rating: 4.25,
      gender: 'Women',
      category: 'Twins',
      stock: { S: 1, L: 3 },
      createdAt: new Date('2026-01-02T03:04:05Z'),
    };
    const id = await createProduct(t.db, fixture);
    const urls = [
      '/api/v1/product?category=Twins&sortBy=priceAsc',
      '/api/v1/product/filters',
      '/api/v1/product?search=twin',
    ];
    for (const url of urls) {
      const [warm, plain] = [await t.app.inject(url), await uncached.inject(url)];
      const cached = await t.app.inject(url);
      expect(cached.body).toBe(warm.body);
      expect(cached.body).toBe(plain.body);
      expect(cached.headers['content-type']).toBe(plain.headers['content-type']);
      expect(cached.headers.etag).toBe(warm.headers.etag);
    }
    const cachedDetail = (await t.app.inject(`/api/v1/product/${id}`)).body;
    const again = await t.app.inject(`/api/v1/product/${id}`);
    const plainDetail = await uncached.inject(`/api/v1/product/${id}`);
    expect(again.body).toBe(cachedDetail);
    expect(again.body).toBe(plainDetail.body);
    expect(again.headers.etag).toBe(plainDetail.headers.etag);
  });

  it('answers 404 for a product that is not there, and keeps no such answer', async () => {
    const before = await metrics(t.app, admin);
    await expectFailure(t.app, '/api/v1/product/00000000-0000-4000-8000-000000000000', 404);
    await expectFailure(t.app, '/api/v1/product/00000000-0000-4000-8000-000000000000', 404);
    const after = await metrics(t.app, admin);
    expect(after.cache.misses - before.cache.misses).toBe(2);
    expect(after.cache.hits).toBe(before.cache.hits);
  });
});

describe('invalidation: the next answer after a write shows it', () => {
  it('shows a price the owner changed, in the detail and in the listing', async () => {
    const word = uniqueWord();
    const body = productBody({ title: `Priced Tee ${word}`, price: 500 });
    const product = await addProduct(t.app, admin, body);
    expect((await detail(t.app, product._id)).price).toBe(500);
    expect((await search(t.app, word)).results[0]?.price).toBe(500);

    await editProduct(t.app, admin, product._id, { ...body, price: 450.5 });

    expect((await detail(t.app, product._id)).price).toBe(450.5);
    expect((await search(t.app, word)).results[0]?.price).toBe(450.5);
  });

  it('shows the stock a checkout took, and the stock a cancel put back', async () => {
    const id = await createProduct(t.db, { title: `Stocked Tee ${uniqueWord()}`, stock: { M: 3 } });
    expect((await detail(t.app, id)).sizes).toEqual({ M: 3 });
    const shopper = await signUp(t.app);
    await addAddress(t.app, shopper);
    await addLine(t.app, shopper, id, 'M', 2);

    const order = await expectResult(t.app, checkoutRequest(shopper), OrderSchema, 201);
    expect((await detail(t.app, id)).sizes).toEqual({ M: 1 });

    await expectResult(
      t.app,
      { method: 'POST', url: `/api/v1/order/${order._id}/cancel`, headers: shopper.auth },
      OrderSchema,
    );
    expect((await detail(t.app, id)).sizes).toEqual({ M: 3 });
  });

  it('drops an archived product from the listing and its detail', async () => {
    const word = uniqueWord();
    const product = await addProduct(t.app, admin, productBody({ title: `Leaving Tee ${word}` }));
    expect((await search(t.app, word)).total).toBe(1);
    await detail(t.app, product._id);

    // The owner's delete archives a product an order holds.
    const shopper = await signUp(t.app);
    await addAddress(t.app, shopper);
    await addLine(t.app, shopper, product._id, 'S', 1);
    await expectResult(t.app, checkoutRequest(shopper), OrderSchema, 201);
    const deleted = await expectResult(
      t.app,
      asUser(admin, { method: 'DELETE', url: `/api/v1/admin/products/${product._id}` }),
      DeleteAdminProductResultSchema,
    );
    expect(deleted.outcome).toBe('archived');

    expect((await search(t.app, word)).total).toBe(0);
    await expectFailure(t.app, `/api/v1/product/${product._id}`, 404);
  });
});

describe('a checkout forgets only what it changed (decision 026)', () => {
  const served = async (url: string) => {
    const before = await metrics(t.app, admin);
    const response = await t.app.inject(url);
    const after = await metrics(t.app, admin);
    return { body: response.body, hit: after.cache.hits - before.cache.hits === 1 };
  };

  it('keeps the answers not showing the product when every size stays in stock, amends those showing it, all exact', async () => {
    const [sold, other] = [uniqueWord(), uniqueWord()];
    const soldId = await createProduct(t.db, { title: `Sold Tee ${sold}`, stock: { M: 5 } });
    const otherId = await createProduct(t.db, { title: `Other Tee ${other}`, stock: { M: 5 } });
    const urls = {
      soldDetail: `/api/v1/product/${soldId}`,
      soldSearch: `/api/v1/product?search=${sold}`,
      otherDetail: `/api/v1/product/${otherId}`,
      otherSearch: `/api/v1/product?search=${other}`,
      bestSellers: `/api/v1/product?search=${other}&sortBy=bestSelling`,
      filters: '/api/v1/product/filters',
    };
    for (const url of Object.values(urls)) await t.app.inject(url);

    const amendedBefore = (await metrics(t.app, admin)).cache.amended;
    await buy(soldId, 'M', 2);

    // What shows the product's stock was brought up to date in memory with the
    // stock the take left (the rest was kept, best sellers too until the
    // tally): answered from memory, and byte for byte what the database says.
    for (const url of [
      urls.soldDetail,
      urls.soldSearch,
      urls.otherDetail,
      urls.otherSearch,
      urls.bestSellers,
      urls.filters,
    ]) {
      const answer = await served(url);
      expect(answer.hit, url).toBe(true);
      expect(answer.body, url).toBe((await uncached.inject(url)).body);
    }
    expect(
      ProductSchema.parse(JSON.parse((await served(urls.soldDetail)).body).result).sizes,
    ).toEqual({ M: 3 });
    expect((await metrics(t.app, admin)).cache.amended - amendedBefore).toBe(2);
  });

  it('moves the best sellers at the tally of units sold, and only then', async () => {
    const word = uniqueWord();
    const first = await createProduct(t.db, { title: `Steady Tee ${word}`, unitsSold: 3 });
    const rising = await createProduct(t.db, { title: `Rising Tee ${word}`, unitsSold: 2 });
    const url = `/api/v1/product?search=${word}&sortBy=bestSelling`;
    const order = async () =>
      ProductPageSchema.parse(JSON.parse((await served(url)).body).result).results.map(
        (card) => card._id,
      );
    expect(await order()).toEqual([first, rising]);

    await buy(rising, 'M', 2);
    // Until the tally, the order stands: kept, and what the database says.
    const kept = await served(url);
    expect(kept.hit).toBe(true);
    expect(kept.body).toBe((await uncached.inject(url)).body);
    expect(await unitsSoldOf(t.db, rising)).toBe(4);

    expect(await createCatalogueService(t.db).tallyUnitsSold()).toBeGreaterThanOrEqual(1);
    const tallied = await served(url);
    expect(tallied.hit).toBe(false);
    expect(tallied.body).toBe((await uncached.inject(url)).body);
    expect(await order()).toEqual([rising, first]);
  });

  it('amends with the stock the last of several takes left, each size as it was left', async () => {
    const word = uniqueWord();
    const id = await createProduct(t.db, { title: `Twice Tee ${word}`, stock: { S: 4, M: 6 } });
    const urls = [`/api/v1/product/${id}`, `/api/v1/product?search=${word}`];
    for (const url of urls) await t.app.inject(url);

    await buy(id, 'M', 1);
    await buy(id, 'S', 2);
    await buy(id, 'M', 3);

    for (const url of urls) {
      const answer = await served(url);
      expect(answer.hit, url).toBe(true);
      expect(answer.body, url).toBe((await uncached.inject(url)).body);
    }
    expect(
      ProductSchema.parse(JSON.parse((await served(urls[0] ?? '')).body).result).sizes,
    ).toEqual({
      S: 2,
      M: 2,
    });
  });

  it('on a sell-out, forgets what in-stock sizes decide and keeps the rest, every answer exact', async () => {
    const word = uniqueWord();
    const styleId = randomUUID();
    const colour = (name: string, hex: string, minute: number) => ({
      title: `Selling Tee ${word}`,
      styleId,
      color: { name, hex },
      price: 600,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
    });
    // A style of two colours: the lead (first added) and a second one.
    const leadId = await createProduct(t.db, {
      ...colour('Navy', '#000080', 0),
      stock: { S: 1, M: 3 },
    });
    const secondId = await createProduct(t.db, { ...colour('Red', '#ff0000', 1), stock: { S: 2 } });
    // Another style matching the word, cheaper: first on a one-card page, its total counting ours.
    await createProduct(t.db, { title: `Cheap Tee ${word}`, price: 300, stock: { S: 4 } });
    const unrelatedWord = uniqueWord();
    const unrelatedId = await createProduct(t.db, {
      title: `Calm Tee ${unrelatedWord}`,
      stock: { S: 1 },
    });
    const urls = {
      lead: `/api/v1/product/${leadId}`,
      second: `/api/v1/product/${secondId}`,
      // Shows the lead, and the second colour's in-stock flag.
      listing: `/api/v1/product?search=${word}`,
      // Shows the first colour with size S in stock: the lead, then the second.
      sizeListing: `/api/v1/product?search=${word}&size=S&sortBy=priceDesc&limit=1`,
      // Shows the cheap style only; its total counts ours while a colour has S.
      sizeTotal: `/api/v1/product?search=${word}&size=S&sortBy=priceAsc&limit=1`,
      everySizeS: '/api/v1/product?size=S&limit=1',
      facets: `/api/v1/product/facets?search=${word}`,
      filters: '/api/v1/product/filters',
      unrelated: `/api/v1/product?search=${unrelatedWord}`,
      unrelatedDetail: `/api/v1/product/${unrelatedId}`,
    };
    const page = async (url: string) =>
      ProductPageSchema.parse(JSON.parse((await t.app.inject(url)).body).result);
    /** Every answer is the uncached one; the kept ones come from memory. */
    const expectExact = async (kept: string[]) => {
      for (const url of Object.values(urls)) {
        const answer = await served(url);
        expect(answer.body, url).toBe((await uncached.inject(url)).body);
        if (kept.includes(url)) expect(answer.hit, url).toBe(true);
      }
    };
    for (const url of Object.values(urls)) await t.app.inject(url);
    expect((await page(urls.sizeListing)).results.map((card) => card._id)).toEqual([leadId]);
    expect((await page(urls.sizeTotal)).total).toBe(2);

    // The lead's last S: its style's card for size S is now the second colour.
    await buy(leadId, 'S', 1);
    expect((await page(urls.sizeListing)).results.map((card) => card._id)).toEqual([secondId]);
    // Other products still have S: the filters, which list the sizes in stock,
    // stay; the lead still has M: what shows it without filtering by size is
    // amended with the stock the take left.
    await expectExact([
      urls.lead,
      urls.listing,
      urls.second,
      urls.unrelated,
      urls.unrelatedDetail,
      urls.filters,
    ]);

    // The second colour's last unit: it is out of stock wherever its style shows.
    await buy(secondId, 'S', 2);
    expect((await page(urls.sizeTotal)).total).toBe(1);
    expect((await detail(t.app, leadId)).colors.map((c) => c.inStock)).toEqual([true, false]);
    await expectExact([urls.unrelated, urls.unrelatedDetail, urls.filters]);
  });
});

describe('HTTP caching', () => {
  it('answers 304 to If-None-Match with the current ETag, and 200 once the product changed', async () => {
    const body = productBody({ price: 300 });
    const product = await addProduct(t.app, admin, body);
    const url = `/api/v1/product/${product._id}`;
    const first = await t.app.inject(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');

    const unchanged = await t.app.inject({ url, headers: { 'if-none-match': `W/${etag}, "x"` } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);

    await editProduct(t.app, admin, product._id, { ...body, price: 301 });
    const changed = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(ProductSchema.parse(changed.json().result).price).toBe(301);
  });

  it('says private, no-store on personal answers, and on catalogue reads made with credentials', async () => {
    const shopper = await signUp(t.app);
    const personal = [
      asUser(shopper, { url: '/api/v1/cart/get-all' }),
      asUser(shopper, { url: '/api/v1/order/history' }),
      asUser(admin, { url: '/api/v1/admin/metrics' }),
      asUser(shopper, { url: '/api/v1/product/filters' }),
    ];
    for (const request of personal) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url as string).toBe(200);
      expect(response.headers['cache-control'], request.url as string).toBe('private, no-store');
    }
  });
});

describe('GET /api/v1/admin/metrics', () => {
  it('answers 401 without a session and 403 to a shopper', async () => {
    await expectFailure(t.app, '/api/v1/admin/metrics', 401);
    const shopper = await signUp(t.app);
    await expectFailure(t.app, asUser(shopper, { url: '/api/v1/admin/metrics' }), 403);
  });

  it('counts a write as a new catalogue version', async () => {
    const before = await metrics(t.app, admin);
    await addProduct(t.app, admin);
    await t.app.inject('/api/v1/product/filters');
    expect((await metrics(t.app, admin)).catalogueVersion).toBeGreaterThan(before.catalogueVersion);
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

    const getJson = async (base: string, path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}${path}`, { headers });
      return { status: response.status, body: (await response.json()) as { result: never } };
    };

    it('shows a price changed through one process in the very next answer of the other', async () => {
      const [a, b] = servers;
      if (!a || !b) throw new Error('Two processes');
      const word = uniqueWord();
      const body = productBody({ title: `Shared Tee ${word}`, price: 700 });
      const product = await addProduct(t.app, admin, body);
      const paths = [`/api/v1/product/${product._id}`, `/api/v1/product?search=${word}`];
      const priceIn = (path: string, result: never) =>
        path.includes('search')
          ? ProductPageSchema.parse(result).results[0]?.price
          : ProductSchema.parse(result).price;
      // Warm both caches (twice: the second read is a hit).
      for (const server of servers) {
        for (const path of [...paths, ...paths]) {
          const { body: answer } = await getJson(server.base, path);
          expect(priceIn(path, answer.result)).toBe(700);
        }
      }

      for (const price of [701, 702, 703]) {
        const edit = await fetch(`${a.base}/api/v1/admin/products/${product._id}`, {
          method: 'PUT',
          headers: { ...admin.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ ...body, price }),
        });
        expect(edit.status).toBe(200);
        // A's answer came after the commit: from now on, no read anywhere may show the old price.
        for (const server of [b, a]) {
          for (const path of paths) {
            const { body: answer } = await getJson(server.base, path);
            expect(priceIn(path, answer.result), `${server.base}${path}`).toBe(price);
          }
        }
      }

      // A checkout through a third process (this test's app) that leaves the
      // size in stock: the very next answer of each shows the stock it took.
      const stockIn = (path: string, result: never) =>
        path.includes('search')
          ? ProductPageSchema.parse(result).results[0]?.sizes
          : ProductSchema.parse(result).sizes;
      const before = stockIn(paths[0] ?? '', (await getJson(a.base, paths[0] ?? '')).body.result);
      const shopper = await signUp(t.app);
      await addAddress(t.app, shopper);
      await addLine(t.app, shopper, product._id, 'M', 1);
      await expectResult(t.app, checkoutRequest(shopper), OrderSchema, 201);
      for (const server of [b, a]) {
        for (const path of paths) {
          const { body: answer } = await getJson(server.base, path);
          expect(stockIn(path, answer.result), `${server.base}${path}`).toEqual({
            ...before,
            M: (before?.M ?? 0) - 1,
          });
        }
      }

      const seen = await Promise.all(
        servers.map(async (server) =>
          CatalogueMetricsSchema.parse(
            (await getJson(server.base, '/api/v1/admin/metrics', admin.auth)).body.result,
          ),
        ),
      );
      expect(new Set(seen.map((m) => m.process.pid)).size).toBe(2);
      for (const m of seen) {
        expect(m.listening).toBe(true);
        expect(m.cache.hits).toBeGreaterThan(0);
      }
    });

    it('shows a sell-out through a third process in the very next answer of each: sizes, facets, colours', async () => {
      const word = uniqueWord();
      const styleId = randomUUID();
      const colour = (name: string, hex: string, minute: number) => ({
        title: `Parted Tee ${word}`,
        styleId,
        color: { name, hex },
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
      });
      const leadId = await createProduct(t.db, {
        ...colour('Navy', '#000080', 0),
        stock: { M: 2 },
      });
      const secondId = await createProduct(t.db, {
        ...colour('Red', '#ff0000', 1),
        stock: { XS: 1 },
      });
      await createProduct(t.db, { title: `Cheap Tee ${word}`, price: 300, stock: { XS: 4 } });
      const paths = [
        `/api/v1/product/${leadId}`,
        `/api/v1/product?search=${word}`,
        `/api/v1/product?search=${word}&size=XS&sortBy=priceAsc&limit=1`,
        `/api/v1/product/facets?search=${word}`,
      ];
      for (const server of servers) {
        for (const path of [...paths, ...paths]) await getJson(server.base, path);
      }

      await buy(secondId, 'XS', 1);

      for (const server of servers) {
        for (const path of paths) {
          const response = await fetch(`${server.base}${path}`);
          expect(await response.text(), `${server.base}${path}`).toBe(
            (await uncached.inject(path)).body,
          );
        }
      }
      expect((await detail(t.app, leadId)).colors.map((c) => c.inStock)).toEqual([true, false]);
    });
  },
);

describe.skipIf(inject('testDatabase').kind !== 'postgres')(
  "two processes trusting LISTEN alone (CATALOGUE_CONSISTENCY 'notify')",
  () => {
    const BOUND_MS = 2_000;
    let servers: ShopProcess[] = [];
    beforeAll(async () => {
      if (inject('testDatabase').kind !== 'postgres') return;
      servers = await startShopProcesses(2, await databaseUrlOf(t.db), {
        CATALOGUE_CONSISTENCY: 'notify',
      });
    }, 60_000);
    afterAll(() => stopShopProcesses(servers));

    const priceFrom = async (base: string, id: string) => {
      const response = await fetch(`${base}/api/v1/product/${id}`);
      return ProductSchema.parse(((await response.json()) as { result: unknown }).result).price;
    };

    it('shows the new price in both within the bound, and never the old one once the new was seen', async () => {
      const [a] = servers;
      if (!a) throw new Error('Two processes');
      const body = productBody({ price: 800 });
      const product = await addProduct(t.app, admin, body);
      for (const server of servers) {
        expect(await priceFrom(server.base, product._id)).toBe(800);
        expect(await priceFrom(server.base, product._id)).toBe(800);
      }
      const edit = await fetch(`${a.base}/api/v1/admin/products/${product._id}`, {
        method: 'PUT',
        headers: { ...admin.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, price: 801 }),
      });
      expect(edit.status).toBe(200);

      const committedAt = Date.now();
      for (const server of servers) {
        let seenNew = false;
        while (Date.now() - committedAt < BOUND_MS) {
          const price = await priceFrom(server.base, product._id);
          if (seenNew) expect(price).toBe(801);
          seenNew = price === 801;
          if (seenNew && Date.now() - committedAt > 200) break;
        }
        expect(seenNew, server.base).toBe(true);
      }
    });
  },
);
