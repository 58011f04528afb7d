import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { HELMET_OPTIONS } from './security.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** What helmet's own middleware sets on a real response, run the usual way (per request). */
function headersHelmetSets(): Record<string, unknown> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(HELMET_OPTIONS)(new IncomingMessage(new Socket()), response, (error) => {
    if (error) throw error;
  });
  return response.getHeaders();
}

describe('security headers', () => {
  // Made once from helmet's middleware and set on every answer (security.ts): answers, errors and 404s alike.
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

  it('sends every header helmet’s middleware sets, a cached catalogue answer too', async () => {
    const expected = headersHelmetSets();
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    await t.app.inject({ url: '/api/v1/product/filters' });
    const cached = await t.app.inject({ url: '/api/v1/product/filters' });
    expect(cached.statusCode).toBe(200);
    expect(cached.headers).toMatchObject(expected);
  });
});
