import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server-test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('security headers', () => {
  // Made once by helmet and set on every answer (security.ts): answers, errors and 404s alike.
  it.each([
    '/api/v1/health',
    '/api/v1/product',
    '/api/v1/no-such-call',
  ])('sends helmet’s headers on %s', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.headers).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
