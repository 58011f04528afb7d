import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { archiveProduct, createProduct } from '#server-test/catalogue-fixtures.ts';

/** A built web app in miniature: HTML and a hashed script, each with the build's compressed copies. */
const INDEX_HTML = `<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('a hashed asset '.repeat(100))});`;

let t: TestApp;
let webRoot: string;
const ids: Record<string, string> = {};

function writeWithCopies(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'web-root-'));
  mkdirSync(join(webRoot, 'assets'));
  writeWithCopies(join(webRoot, 'index.html'), INDEX_HTML);
  writeWithCopies(join(webRoot, 'assets', 'index-AbC123.js'), SCRIPT);
  t = await createTestApp({ serveWebApp: true, env: { WEB_ROOT: webRoot } });
  ids.live = await createProduct(t.db);
  ids.archived = await createProduct(t.db);
  await archiveProduct(t.db, ids.archived);
});

afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('precompressed files', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('serves the %s copy of a hashed asset, cached for a year', async (encoding, decompress) => {
    const response = await t.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': encoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length);
    expect(decompress(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('prefers brotli when both are accepted', async () => {
    const response = await t.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('serves the file as it is to a client that accepts no encoding, still varying on it', async () => {
    const response = await t.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.body).toBe(SCRIPT);
  });

  it('serves the app page compressed and never cached without asking', async () => {
    const response = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });
});

describe('app pages and real 404s', () => {
  it.each([
    '/products',
    '/about',
    '/cart',
    '/admin/orders/some-id',
    '/order/x/track',
    '/about/',
  ])('answers the app with 200 for the page %s', async (url) => {
    const response = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('answers 200 for a product on sale', async () => {
    const response = await t.app.inject(`/product/${ids.live}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });

  it.each([
    ['an unknown path', '/no-such-page'],
    ['a path under a page', '/products/extra'],
    ['an unknown product', '/product/00000000-0000-4000-8000-000000000000'],
    ['a malformed product id', '/product/not-an-id'],
    ['an archived product', 'archived'],
  ])('answers 404 with the app, so it shows its not-found page, for %s', async (_, path) => {
    const url = path === 'archived' ? `/product/${ids.archived}` : path;
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('keeps the strict content security policy on the app page', async () => {
    const response = await t.app.inject('/no-such-page');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
