import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFiltersSchema, ProductPageSchema, ProductSchema } from '#contract';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { archiveProduct, createProduct } from '#server-test/catalogue-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';

let t: TestApp;
const ids: Record<string, string> = {};
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  const now = Date.now();
  const fixtures = {
    navyTee: {
      title: 'Navy Crew T-Shirt',
      price: 499,
      rating: 4.5,
      gender: 'Men',
      category: 'T-Shirts',
      unitsSold: 40,
      stock: { S: 2, M: 0, L: 7 },
    },
    graphicTee: {
      title: 'Graphic Print Tee',
      price: 699,
      rating: 3.2,
      gender: 'Women',
      category: 'T-Shirts',
      unitsSold: 5,
      stock: { XS: 1, M: 3 },
    },
    hoodie: {
      title: 'Cosy Pullover Hoodie',
      price: 1499,
      rating: 4.8,
      gender: 'Unisex',
      category: 'Hoodies',
      unitsSold: 12,
      stock: { M: 4, XL: 9 },
      description: 'Brushed fleece, kangaroo pocket.',
    },
    zipHoodie: {
      title: 'Zip Through Hoodie',
      price: 1799,
      rating: 4.5,
      gender: 'Women',
      category: 'Hoodies',
      unitsSold: 12,
      stock: { L: 0, XXL: 0 },
    },
    polo: {
      title: 'Pique Polo Shirt',
      price: 899,
      rating: 2.9,
      gender: 'Men',
      category: 'Polo Shirts',
      unitsSold: 60,
      stock: { M: 5 },
      description: 'Breathable cotton pique with a ribbed collar.',
    },
    joggers: {
      title: 'Everyday Joggers',
      price: 1199,
      rating: 4.0,
      gender: 'Kids',
      category: 'Joggers',
      unitsSold: 0,
      stock: { S: 6 },
    },
  };
  let age = 0;
  for (const [key, fixture] of Object.entries(fixtures)) {
    ids[key] = await createProduct(t.db, { ...fixture, createdAt: new Date(now - ++age * DAY) });
  }
  ids.archived = await createProduct(t.db, {
    title: 'Retired Tee',
    price: 5,
    gender: 'Retired',
    stock: { XS: 9 },
  });
  await archiveProduct(t.db, ids.archived);
});

afterAll(() => t.close());

async function list(query = '') {
  return expectResult(t.app, `/api/v1/product${query}`, ProductPageSchema);
}
const titles = (page: { results: { title: string }[] }) =>
  page.results.map((product) => product.title);

describe('GET /api/v1/product', () => {
  it('answers products in the D24 page shape, exposing only contract fields', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 6, page: 1, pages: 1, limit: 24 });
    const response = await call(t.app, '/api/v1/product');
    const first = response.body.result.results[0];
    expect(Object.keys(first).sort()).toEqual(Object.keys(ProductSchema.shape).sort());
    const navy = page.results.find((product) => product._id === ids.navyTee);
    expect(navy).toMatchObject({
      price: 499,
      rating: 4.5,
      gender: 'Men',
      sizes: { S: 2, M: 0, L: 7 },
    });
    expect(Object.keys(navy?.sizes ?? {})).toEqual(['S', 'M', 'L']);
    expect(navy?.images).toHaveLength(2);
    expect(navy?.images[0]?.url).toMatch(/^\/media\//);
  });

  it('leaves archived products out', async () => {
    expect(titles(await list())).not.toContain('Retired Tee');
  });

  it.each([
    ['priceAsc', (p: { price: number }) => p.price, 'asc'],
    ['priceDesc', (p: { price: number }) => p.price, 'desc'],
    ['ratingAsc', (p: { rating: number }) => p.rating, 'asc'],
    ['ratingDesc', (p: { rating: number }) => p.rating, 'desc'],
    ['newest', (p: { createdAt: string }) => Date.parse(p.createdAt), 'desc'],
  ] as const)('sorts by %s', async (sortBy, key, direction) => {
    const values = (await list(`?sortBy=${sortBy}`)).results.map((p) => key(p as never) as number);
    const sorted = [...values].sort((a, b) => (direction === 'asc' ? a - b : b - a));
    expect(values).toEqual(sorted);
    expect(new Set(values).size).toBeGreaterThan(1);
  });

  it('sorts by rating, highest first, by default', async () => {
    const ratings = (await list()).results.map((product) => product.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('ranks best sellers by units sold, then rating', async () => {
    expect(titles(await list('?sortBy=bestSelling&limit=4'))).toEqual([
      'Pique Polo Shirt',
      'Navy Crew T-Shirt',
      'Cosy Pullover Hoodie',
      'Zip Through Hoodie',
    ]);
  });

  it('breaks ties stably, so paging one at a time visits every product once', async () => {
    for (const sortBy of ['ratingDesc', 'ratingAsc', 'bestSelling']) {
      const seen: string[] = [];
      for (let page = 1; page <= 6; page++) {
        const result = await list(`?sortBy=${sortBy}&limit=1&page=${page}`);
        expect(result).toMatchObject({ total: 6, pages: 6, page, limit: 1 });
        seen.push(...result.results.map((product) => product._id));
      }
      expect(new Set(seen).size).toBe(6);
    }
  });

  it('answers an empty page past the last one', async () => {
    const page = await list('?page=3&limit=5');
    expect(page).toMatchObject({ results: [], total: 6, page: 3, pages: 2, limit: 5 });
  });

  it('filters by gender, category and size lists, comma-joined or repeated', async () => {
    expect(titles(await list('?gender=Men&sortBy=priceAsc'))).toEqual([
      'Navy Crew T-Shirt',
      'Pique Polo Shirt',
    ]);
    expect(titles(await list('?gender=Kids,Women&sortBy=priceAsc'))).toEqual([
      'Graphic Print Tee',
      'Everyday Joggers',
      'Zip Through Hoodie',
    ]);
    expect(titles(await list('?category=Hoodies&category=Joggers&sortBy=priceAsc'))).toEqual([
      'Everyday Joggers',
      'Cosy Pullover Hoodie',
      'Zip Through Hoodie',
    ]);
  });

  it('filters by size in stock only', async () => {
    // The navy tee has M at 0, the zip hoodie has L at 0: neither counts.
    expect(titles(await list('?size=M&sortBy=priceAsc'))).toEqual([
      'Graphic Print Tee',
      'Pique Polo Shirt',
      'Cosy Pullover Hoodie',
    ]);
    expect(titles(await list('?size=XXL'))).toEqual([]);
    expect(titles(await list('?size=L,XS&sortBy=priceAsc'))).toEqual([
      'Navy Crew T-Shirt',
      'Graphic Print Tee',
    ]);
  });

  it('filters by price range, inclusive, and by rating at least', async () => {
    expect(titles(await list('?minPrice=699&maxPrice=1199&sortBy=priceAsc'))).toEqual([
      'Graphic Print Tee',
      'Pique Polo Shirt',
      'Everyday Joggers',
    ]);
    expect(titles(await list('?rating=4.5&sortBy=priceAsc'))).toEqual([
      'Navy Crew T-Shirt',
      'Cosy Pullover Hoodie',
      'Zip Through Hoodie',
    ]);
  });

  it('combines every filter', async () => {
    const page = await list(
      '?gender=Men,Unisex&category=T-Shirts,Hoodies&size=L,XL&minPrice=400&rating=4',
    );
    expect(titles(page).sort()).toEqual(['Cosy Pullover Hoodie', 'Navy Crew T-Shirt']);
    expect(page.total).toBe(2);
  });

  it.each([
    ['tshrt', ['Navy Crew T-Shirt']],
    ['hodie', ['Cosy Pullover Hoodie', 'Zip Through Hoodie']],
    ['HOODIE', ['Cosy Pullover Hoodie', 'Zip Through Hoodie']],
    ['t-shirt', ['Navy Crew T-Shirt']],
    ['kangaroo pocket', ['Cosy Pullover Hoodie']],
    ['joggers kids', ['Everyday Joggers']],
    ['ribbed collar', ['Pique Polo Shirt']],
  ])('searches %s across title, description, category and gender', async (search, expected) => {
    const found = titles(await list(`?search=${encodeURIComponent(search)}`));
    expect(found.slice(0, expected.length).sort()).toEqual([...expected].sort());
  });

  it('ranks the closest title first and finds nothing for nonsense', async () => {
    expect(titles(await list('?search=graphic%20tee'))[0]).toBe('Graphic Print Tee');
    expect(await list('?search=qwxz')).toMatchObject({ results: [], total: 0, pages: 0 });
  });

  it('keeps an explicit sort while searching', async () => {
    expect(titles(await list('?search=hoodie&sortBy=priceDesc'))).toEqual([
      'Zip Through Hoodie',
      'Cosy Pullover Hoodie',
    ]);
  });

  it.each([
    ['sortBy=foo', 'sortBy'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['limit=1000', 'limit'],
    ['limit=0', 'limit'],
    ['minPrice=abc', 'minPrice'],
    ['maxPrice=-5', 'maxPrice'],
    ['minPrice=900&maxPrice=100', 'minPrice'],
    ['rating=6', 'rating'],
    ['size=XXXL', 'size'],
    [`search=${'a'.repeat(101)}`, 'search'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const failure = await expectFailure(t.app, `/api/v1/product?${query}`, 400);
    expect(failure.message).toContain(field);
    expect(failure.errors?.[0]?.field).toMatch(new RegExp(`^${field}`));
  });
});

describe('GET /api/v1/product/filters', () => {
  it('reads sizes in stock, categories, genders, colours and the price range from the products on sale', async () => {
    const filters = await expectResult(t.app, '/api/v1/product/filters', ProductFiltersSchema);
    expect(filters).toEqual({
      sizes: ['XS', 'S', 'M', 'L', 'XL'],
      categories: ['Hoodies', 'Joggers', 'Polo Shirts', 'T-Shirts'],
      genders: ['Kids', 'Men', 'Unisex', 'Women'],
      colors: [{ name: 'White', hex: '#ffffff' }],
      priceStats: { minPrice: 499, maxPrice: 1799 },
    });
  });
});

describe('GET /api/v1/product/:id', () => {
  it('answers one product', async () => {
    const product = await expectResult(t.app, `/api/v1/product/${ids.hoodie}`, ProductSchema);
    expect(product).toMatchObject({
      _id: ids.hoodie,
      title: 'Cosy Pullover Hoodie',
      price: 1499,
      sizes: { M: 4, XL: 9 },
    });
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['an archived product', 'archived'],
  ])('answers 404 for %s', async (_, id) => {
    const failure = await expectFailure(t.app, `/api/v1/product/${ids[id] ?? id}`, 404);
    expect(failure.message).toBe('Product not found');
  });
});

describe('pictures and plumbing', () => {
  it('serves a product picture from the database', async () => {
    const product = await expectResult(t.app, `/api/v1/product/${ids.polo}`, ProductSchema);
    const response = await t.app.inject(product.images[0]?.url ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.body).toContain('<svg');
  });

  it('answers 404 in the envelope for an unknown picture or API path', async () => {
    await expectFailure(t.app, '/media/00000000-0000-4000-8000-000000000000', 404);
    await expectFailure(t.app, '/media/nope', 404);
    const failure = await expectFailure(t.app, '/api/v1/no-such-thing', 404);
    expect(failure.message).toContain('/api/v1/no-such-thing');
  });

  it('reports health with the database kind', async () => {
    const response = await call(t.app, '/api/v1/health');
    expect(response.status).toBe(200);
    expect(response.body.result.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(response.body.result.database);
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await call(t.app, '/api/v1/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI description of the catalogue', async () => {
    const response = await call(t.app, '/api/docs/json');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/product',
        '/api/v1/product/filters',
        '/api/v1/product/{id}',
      ]),
    );
    const docs = await t.app.inject('/api/docs');
    expect(docs.statusCode).toBe(200);
  });
});
