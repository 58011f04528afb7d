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

/** Issue 25: Razorpay Checkout is admitted only with its keys, and only where a shopper pays. */
describe('the Content-Security-Policy and Razorpay Checkout', () => {
  const razorpayEnv = {
    RAZORPAY_KEY_ID: 'rzp_test_CspCheck0001',
    RAZORPAY_KEY_SECRET: 'csp-secret',
    RAZORPAY_WEBHOOK_SECRET: 'csp-webhook-secret',
    RAZORPAY_API_URL: 'https://api.example-pay.test',
    RAZORPAY_CHECKOUT_URL: 'https://checkout.example-pay.test/v1/checkout.js',
  };
  let withKeys: TestApp;
  beforeAll(async () => {
    withKeys = await createTestApp({ env: razorpayEnv });
  });
  afterAll(() => withKeys?.close());

  const cspOf = async (app: TestApp, url: string) =>
    String((await app.app.inject({ url })).headers['content-security-policy']);

  it('admits Checkout on the checkout, order and group order pages when Razorpay is configured', async () => {
    for (const url of [
      '/checkout',
      '/order/0a1b2c3d-0000-4000-8000-00001a2b3c4d',
      '/g/9iT7mgrHrVvzqTcxTLdhiKPdCsL0nQ3haHaqA35tkvs?entry=e1&token=t1',
    ]) {
      const csp = await cspOf(withKeys, url);
      expect(csp).toContain("script-src 'self' https://checkout.example-pay.test;");
      expect(csp).toContain(
        "frame-src 'self' https://checkout.example-pay.test https://api.example-pay.test",
      );
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it('stays as strict as ever elsewhere, and everywhere without keys', async () => {
    const strict = await cspOf(t, '/');
    expect(strict).toContain("script-src 'self';");
    expect(strict).not.toContain('frame-src');
    for (const url of ['/', '/cart', '/order/0a1b2c3d-0000-4000-8000-00001a2b3c4d/track']) {
      expect(await cspOf(withKeys, url)).toBe(strict);
    }
    for (const url of ['/checkout', '/order/0a1b2c3d-0000-4000-8000-00001a2b3c4d']) {
      expect(await cspOf(t, url)).toBe(strict);
    }
  });
});
