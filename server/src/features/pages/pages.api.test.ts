import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderSchema, OrderSchema, type Review, ReviewSchema } from '#contract';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { archiveProduct, createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { expectResult } from '#server-test/http.ts';
import { signUp } from '#server-test/users.ts';
import { buildWebApp } from '../../../../scripts/build-web.ts';

/**
 * Server-rendered pages (issue 14, decision 022) from a real build of the web
 * app: the HTML carries the content, head tags and JSON-LD before any script
 * runs, and an unknown product is a real 404.
 */

const PUBLIC_URL = 'https://shop.example';
let t: TestApp;
let webRoot: string;
const ids: Record<string, string> = {};
let review: Review;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'ssr-web-'));
  if (!buildWebApp(webRoot, { quiet: true })) throw new Error('The web app did not build');
  t = await createTestApp({
    serveWebApp: true,
    env: { WEB_ROOT: webRoot, PUBLIC_URL },
  });
  ids.rated = await createProduct(t.db, {
    title: 'Harbour <Stripe> Tee',
    description: 'Breton stripes in heavy cotton.',
    price: 1249,
    stock: { M: 3 },
  });
  // A real review (D28): bought, delivered, then written.
  const reviewer = await signUp(t.app, { name: 'Meera Iyer' });
  const admin = await signUpAdmin(t.app, t.db);
  await addAddress(t.app, reviewer);
  await addLine(t.app, reviewer, ids.rated, 'M', 1);
  const order = await expectResult(t.app, checkoutRequest(reviewer), OrderSchema, 201);
  for (const status of ['shipped', 'delivered']) {
    await expectResult(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/admin/orders/${order._id}/status`,
        headers: admin.auth,
        payload: { status },
      },
      AdminOrderSchema,
    );
  }
  review = await expectResult(
    t.app,
    {
      method: 'POST',
      url: `/api/v1/product/${ids.rated}/reviews`,
      headers: reviewer.auth,
      payload: { rating: 5, title: 'Holds its <shape>', text: 'Washed ten times, still crisp.' },
    },
    ReviewSchema,
    201,
  );
  ids.soldOut = await createProduct(t.db, { title: 'Sold Out Tee', stock: { M: 0 } });
  ids.archived = await createProduct(t.db, { title: 'Archived Tee' });
  await archiveProduct(t.db, ids.archived);
  await createProduct(t.db, { title: 'Canvas Tote Bag' });
}, 180_000);

afterAll(async () => {
  await t?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

/** The JSON-LD blocks of a page, parsed. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );
}

/** Every `<script>` tag either loads a file or holds data: nothing inline runs (CSP). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !/\bsrc=/.test(tag) && !/type="application\/(ld\+)?json"/.test(tag));
}

/**
 * A server-rendered page's scripts: the after-paint script alone, naming the
 * built entry and the modules it fetches once the page has painted
 * (decision 027). A script or module preload in the HTML
 * itself is fetched before the paint, and Lighthouse's simulation counts it
 * in the page's FCP and LCP.
 */
function scriptsAfterPaint(html: string): string[] {
  const scriptFiles = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+\.js)"/g)];
  expect(scriptFiles.map((match) => match[1])).toEqual([
    expect.stringMatching(/^\/assets\/entry-after-paint-[\w-]+\.js$/),
  ]);
  const tag = html.match(
    /<script type="module" crossorigin src="[^"]+" data-entry="([^"]+)" data-modules="([^"]*)"><\/script>/,
  );
  const builtEntry = readFileSync(join(webRoot, 'index.html'), 'utf8').match(
    /<script type="module" crossorigin src="([^"]+)">/,
  )?.[1];
  expect(tag?.[1]).toBe(builtEntry);
  return tag?.[2]?.split(' ') ?? [];
}

describe('a product page', () => {
  it('holds the title, price, picture, head tags and JSON-LD in the HTML itself', async () => {
    const response = await t.app.inject(`/product/${ids.rated}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = response.body;
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1[^>]*>Harbour &lt;Stripe&gt; Tee<\/h1>/);
    expect(root).toContain('₹1,249.00');
    expect(root).toMatch(/<img src="\/media\/[^"]+" alt="Harbour &lt;Stripe&gt; Tee/);

    expect(html).toContain('<title>Harbour &lt;Stripe&gt; Tee · TeeCraft</title>');
    expect(html).toContain('<meta name="description" content="Breton stripes in heavy cotton." />');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/product/${ids.rated}" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/shop\.example\/media\/[^"]+" \/>/,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // The page's route code is fetched beside the entry, after the paint: the browser hydrates once it is in.
    expect(scriptsAfterPaint(html)).toContainEqual(
      expect.stringMatching(/^\/assets\/product-[\w-]+\.js$/),
    );
    // The main picture (the page's LCP) is fetched first, before the page's scripts.
    const mainPicture = root.match(/<img src="([^"]+)"/)?.[1];
    const preload = `<link rel="preload" as="image" href="${mainPicture}" fetchPriority="high"/>`;
    expect(html.indexOf(preload)).toBeGreaterThan(0);
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf('<script'));
    expect(root).not.toContain('<link rel="preload"');
    // Once: the built page's own title and description made way.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);

    const [product, breadcrumbs] = structuredData(html);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Harbour <Stripe> Tee',
      offers: {
        '@type': 'Offer',
        price: '1249.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: { ratingValue: 5, reviewCount: 1 },
      // D28: the reviews the page shows, each from a buyer.
      review: [
        {
          '@type': 'Review',
          name: 'Holds its <shape>',
          reviewBody: 'Washed ten times, still crisp.',
          datePublished: review.createdAt.slice(0, 10),
          author: { '@type': 'Person', name: 'Meera' },
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5 },
        },
      ],
    });
    // The reviews are in the markup too, before any script runs.
    expect(root).toContain('Holds its &lt;shape&gt;');
    expect(root).toContain('Verified purchase');
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
        { position: 2, name: 'Products', item: `${PUBLIC_URL}/products` },
        { position: 3, name: 'Harbour <Stripe> Tee' },
      ],
    });
    // No text can end a data block early.
    expect(html).not.toContain('"Harbour <Stripe> Tee"');
    expect(inlineScripts(html)).toEqual([]);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('says out of stock, and claims no rating before any review', async () => {
    const html = (await t.app.inject(`/product/${ids.soldOut}`)).body;
    const [product] = structuredData(html);
    expect(product).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product).not.toHaveProperty('review');
  });

  it.each([
    ['an unknown product', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['an archived product', 'archived'],
  ])('is a 404 page rendered on the server for %s', async (_, id) => {
    const response = await t.app.inject(`/product/${id === 'archived' ? ids.archived : id}`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<title>Product not found · TeeCraft</title>');
    expect(response.body).toMatch(/<h1[^>]*>Product not found<\/h1>/);
    expect(structuredData(response.body)).toEqual([]);
  });
});

describe('listings', () => {
  it('/products?search=tee holds the matching products in the order the API gives', async () => {
    const api = (await t.app.inject('/api/v1/product?search=tee')).json<{
      result: { results: { title: string }[] };
    }>();
    const titles = api.result.results.map((product) => product.title);
    expect(titles.length).toBeGreaterThan(1);

    const response = await t.app.inject('/products?search=tee');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('Results for “tee”');
    const rendered = [...html.matchAll(/<h3[^>]*><a[^>]*>([^<]+)<\/a>/g)].map((match) =>
      match[1]?.replaceAll('&lt;', '<').replaceAll('&gt;', '>'),
    );
    expect(rendered).toEqual(titles);
    expect(html).not.toContain('Canvas Tote Bag');
    expect(scriptsAfterPaint(html)).toContainEqual(
      expect.stringMatching(/^\/assets\/products-[\w-]+\.js$/),
    );
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/products?search=tee" />`);
    const [list] = structuredData(html);
    expect(list).toMatchObject({ '@type': 'ItemList' });
    expect((list?.itemListElement as { name: string }[]).map((item) => item.name)).toEqual(titles);
  });

  it('the home page holds its heading and the latest products', async () => {
    const response = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toMatch(/<h1[^>]*>Stand Out with Custom Tees<\/h1>/);
    expect(response.body).toContain('Harbour &lt;Stripe&gt; Tee');
    expect(response.body).toContain('<script type="application/json" id="server-state">');
    expect(inlineScripts(response.body)).toEqual([]);
    scriptsAfterPaint(response.body);
    // The stylesheet is in the page: no render-blocking request before the first paint.
    expect(response.body).toMatch(/<style>[\s\S]*?\.text-ink-900\{[\s\S]*?<\/style>/);
    expect(response.body).not.toContain('rel="stylesheet"');
  });

  it('is sent compressed', async () => {
    const response = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
  });
});

describe('pages the browser renders', () => {
  it('/cart is the app shell with the cart page code preloaded, so it comes beside the entry', async () => {
    const response = await t.app.inject({
      url: '/cart',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/cart-[\w-]+\.js">/);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="server-state"');
    expect(inlineScripts(html)).toEqual([]);
  });

  it('a signed-in page is the plain app shell', async () => {
    const response = await t.app.inject({
      url: '/orders',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/orders-/,
    );
  });
});
