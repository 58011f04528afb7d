import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSettingsSchema, QuoteSchema } from '#contract';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/env.ts';
import { asUser } from '#server-test/admin-fixtures.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addLine } from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { signUp } from '#server-test/users.ts';

/** The owner's payment settings (issue 25): cash on delivery's rules, and Razorpay's mode. */

const SETTINGS_URL = '/api/v1/admin/settings/payments';
const RAZORPAY_SECRET = 'never-shown-secret';
const WEBHOOK_SECRET = 'never-shown-webhook-secret';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
/** Other processes of the same shop on the same database: with Razorpay's test keys, and live keys. */
let withTestKeys: FastifyInstance;
let withLiveKeys: FastifyInstance;

const appWithKeys = (keyId: string) =>
  buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: RAZORPAY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    }),
    database: t.database,
  });

beforeAll(async () => {
  t = await createTestApp();
  withTestKeys = await appWithKeys('rzp_test_1DP5mmOlF5G5ag');
  withLiveKeys = await appWithKeys('rzp_live_1DP5mmOlF5G5ag');
  admin = await signUpAdmin(t.app, t.db);
});
afterAll(async () => {
  await withTestKeys?.close();
  await withLiveKeys?.close();
  await t?.close();
});

const getSettings = (app: FastifyInstance = t.app) =>
  expectResult(app, asUser(admin, { url: SETTINGS_URL }), PaymentSettingsSchema);

const putSettings = (payload: object, app: FastifyInstance = t.app) =>
  expectResult(
    app,
    asUser(admin, { method: 'PUT', url: SETTINGS_URL, payload }),
    PaymentSettingsSchema,
  );

describe('GET and PUT /api/v1/admin/settings/payments', () => {
  it('answers 401 without a session and 403 to a shopper, for both calls', async () => {
    const shopper = await signUp(t.app);
    const body = { codEnabled: false, codMaxOrder: 100, codFee: 10 };
    for (const method of ['GET', 'PUT'] as const) {
      const payload = method === 'PUT' ? body : undefined;
      await expectFailure(t.app, { method, url: SETTINGS_URL, payload }, 401);
      await expectFailure(t.app, asUser(shopper, { method, url: SETTINGS_URL, payload }), 403);
    }
    expect(await getSettings()).toMatchObject({ codEnabled: true });
  });

  it('starts with cash offered up to ₹5,000 for no fee, and no Razorpay', async () => {
    expect(await getSettings()).toEqual({
      codEnabled: true,
      codMaxOrder: 5000,
      codFee: 0,
      razorpay: null,
    });
  });

  it('says whether Razorpay has test or live keys, and never a key', async () => {
    for (const [app, mode] of [
      [withTestKeys, 'test'],
      [withLiveKeys, 'live'],
    ] as const) {
      const response = await app.inject(asUser(admin, { url: SETTINGS_URL }));
      expect(response.json().result.razorpay).toEqual({ mode });
      expect(response.body).not.toContain('rzp_');
      expect(response.body).not.toContain(RAZORPAY_SECRET);
      expect(response.body).not.toContain(WEBHOOK_SECRET);
    }
  });

  it.each([
    [
      { codEnabled: true, codMaxOrder: 5000, codFee: -1 },
      'Cash on delivery fee must be ₹0 or more',
    ],
    [
      { codEnabled: true, codMaxOrder: 5000, codFee: 1000.01 },
      'Cash on delivery fee must be at most ₹1,000',
    ],
    [
      { codEnabled: true, codMaxOrder: 5000, codFee: 9.999 },
      'Cash on delivery fee may have at most 2 decimals',
    ],
    [
      { codEnabled: true, codMaxOrder: 0, codFee: 0 },
      'Cash on delivery limit must be more than ₹0',
    ],
    [
      { codEnabled: true, codMaxOrder: 1_000_001, codFee: 0 },
      'Cash on delivery limit must be at most ₹10,00,000',
    ],
    [
      { codEnabled: true, codMaxOrder: '5000', codFee: 0 },
      'Cash on delivery limit must be a number',
    ],
    [{ codEnabled: 'yes', codMaxOrder: 5000, codFee: 0 }, 'codEnabled must be true or false'],
    [{ codEnabled: true, codMaxOrder: 5000 }, 'Cash on delivery fee must be a number'],
  ])('refuses %j with 400 "%s", changing nothing', async (payload, message) => {
    const before = await getSettings();
    const failure = await expectFailure(
      t.app,
      asUser(admin, { method: 'PUT', url: SETTINGS_URL, payload }),
      400,
    );
    expect(failure.errors?.map((error) => error.message)).toContain(message);
    expect(await getSettings()).toEqual(before);
  });

  it('keeps what the owner saves, in rupees with paise', async () => {
    const saved = await putSettings({ codEnabled: false, codMaxOrder: 2499.5, codFee: 49.99 });
    expect(saved).toEqual({
      codEnabled: false,
      codMaxOrder: 2499.5,
      codFee: 49.99,
      razorpay: null,
    });
    expect(await getSettings()).toEqual(saved);
    await putSettings({ codEnabled: true, codMaxOrder: 5000, codFee: 0 });
  });

  it('holds on the next request to another process on the same database', async () => {
    const shopper = await signUp(t.app);
    const productId = await createProduct(t.db, { price: 499, stock: { M: 5 } });
    await addLine(t.app, shopper, productId, 'M', 1);
    const quoteOn = (app: FastifyInstance) =>
      expectResult(
        app,
        { url: '/api/v1/cart/quote?paymentMethod=cash', headers: shopper.auth },
        QuoteSchema,
      );
    // The other process has read the settings before the change.
    expect((await quoteOn(withTestKeys)).codFee).toBe(0);
    expect(await getSettings(withTestKeys)).toMatchObject({ codFee: 0 });

    await putSettings({ codEnabled: true, codMaxOrder: 400, codFee: 25 });

    expect(await getSettings(withTestKeys)).toMatchObject({ codMaxOrder: 400, codFee: 25 });
    expect((await quoteOn(withTestKeys)).cashOnDelivery).toEqual({
      available: false,
      fee: 25,
      unavailableReason: 'Cash on delivery is available on orders up to ₹400',
    });
    // A change made on the other process holds here, too.
    await putSettings({ codEnabled: true, codMaxOrder: 5000, codFee: 25 }, withTestKeys);
    expect(await quoteOn(t.app)).toMatchObject({
      codFee: 25,
      cashOnDelivery: { available: true, fee: 25, unavailableReason: null },
    });
    await putSettings({ codEnabled: true, codMaxOrder: 5000, codFee: 0 });
  });
});
