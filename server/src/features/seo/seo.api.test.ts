import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { archiveProduct, createProduct } from '#server-test/catalogue-fixtures.ts';

const PUBLIC_URL = 'https://shop.example';
let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: `${PUBLIC_URL}/` } });
  ids.first = await createProduct(t.db);
  ids.second = await createProduct(t.db);
  ids.archived = await createProduct(t.db);
  await archiveProduct(t.db, ids.archived);
});

afterAll(async () => {
  await t?.close();
});

describe('robots.txt', () => {
  it('allows the shop, keeps crawlers out of private pages and names the sitemap', async () => {
    const response = await t.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/admin',
      '/checkout',
      '/profile',
      '/orders',
      '/order/',
      '/settings',
      '/api/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /products');
    // A visitor's cart is in their browser: the page holds nothing private, and stays crawlable.
    expect(lines).not.toContain('Disallow: /cart');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages and every product on sale, with absolute links', async () => {
    const response = await t.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/products`,
      `${PUBLIC_URL}/about`,
      `${PUBLIC_URL}/contact`,
      `${PUBLIC_URL}/product/${ids.first}`,
      `${PUBLIC_URL}/product/${ids.second}`,
    ]);
  });

  it('gives each product the time it last changed', async () => {
    const response = await t.app.inject('/sitemap.xml');
    const entry = new RegExp(
      `<loc>${PUBLIC_URL}/product/${ids.first}</loc><lastmod>([^<]+)</lastmod>`,
    ).exec(response.body);
    const lastModified = Date.parse(entry?.[1] ?? '');
    expect(Math.abs(Date.now() - lastModified)).toBeLessThan(10 * 60 * 1000);
  });
});
