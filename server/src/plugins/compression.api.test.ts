import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

let t: TestApp;
const LISTING = '/api/v1/product?limit=12';

beforeAll(async () => {
  t = await createTestApp();
  for (let index = 0; index < 6; index++) await createProduct(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('API compression', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('sends a large JSON answer %s-compressed, the same once decompressed', async (encoding, decompress) => {
    const plain = await t.app.inject({ url: LISTING, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const response = await t.app.inject({ url: LISTING, headers: { 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(decompress(response.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const response = await t.app.inject({
      url: '/api/v1/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
