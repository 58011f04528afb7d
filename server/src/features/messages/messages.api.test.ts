import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactMessages, newsletterSubscribers } from '#server/db/schema/messages.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { call, clientAddresses, expectFailure, expectResult } from '#server-test/http.ts';
import { MESSAGES_RATE_LIMIT } from './messages.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Each test writes from its own client address: the routes allow each address
 * only a few calls a minute, and that limit is itself under test.
 */
const freshAddress = clientAddresses('10.1');

const post = (url: string, payload: unknown, remoteAddress: string): InjectOptions => ({
  method: 'POST',
  url: `/api/v1${url}`,
  payload: payload as object,
  remoteAddress,
});

const contactBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Kiran Das',
  email: `kiran-${crypto.randomUUID()}@example.com`,
  message: 'Do you print on the back of hoodies too?',
  ...overrides,
});

/** Test rows titled by their body: long strings show as their length. */
function titled<Row extends [Record<string, unknown>, ...unknown[]]>(rows: Row[]) {
  return rows.map((row): [string, ...Row] => [
    JSON.stringify(row[0], (_, value) =>
      typeof value === 'string' && value.length > 40 ? `<${value.length} characters>` : value,
    ),
    ...row,
  ]);
}

const contactRows = (email: string) =>
  t.db.select().from(contactMessages).where(eq(contactMessages.email, email));

const subscriberRows = (email: string) =>
  t.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()));

describe('POST /api/v1/contact', () => {
  it('stores the message without a token and answers 201', async () => {
    const body = contactBody({ name: '  Kiran Das ', message: ' Hello!\nSecond line. ' });
    const result = await expectResult(t.app, post('/contact', body, freshAddress()), z.null(), 201);
    expect(result).toBeNull();
    const rows = await contactRows(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Kiran Das',
      email: body.email,
      message: 'Hello!\nSecond line.',
      handledAt: null,
    });
  });

  it('keeps every message, even two alike', async () => {
    const body = contactBody({ email: `Twice-${crypto.randomUUID()}@Example.com` });
    const address = freshAddress();
    await expectResult(t.app, post('/contact', body, address), z.null(), 201);
    await expectResult(t.app, post('/contact', body, address), z.null(), 201);
    expect(await contactRows(body.email.toLowerCase())).toHaveLength(2);
  });

  it.each(
    titled<[Record<string, unknown>, string, string]>([
      [{ name: undefined }, 'name', 'Name is required'],
      [{ name: '' }, 'name', 'Name is required'],
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ name: 7 }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
      [{ name: 'x'.repeat(100_000) }, 'name', 'Name must be at most 100 characters'],
      [{ email: undefined }, 'email', 'Email is required'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: { $ne: null } }, 'email', 'Email is required'],
      [{ email: 'kiran@' }, 'email', 'Invalid Email format'],
      [
        { email: `${'k'.repeat(100_000)}@example.com` },
        'email',
        'Email must be at most 254 characters',
      ],
      [{ message: undefined }, 'message', 'Message is required'],
      [{ message: '' }, 'message', 'Message is required'],
      [{ message: ' \n ' }, 'message', 'Message is required'],
      [{ message: ['hi'] }, 'message', 'Message is required'],
      [{ message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
      [{ message: 'x'.repeat(100_000) }, 'message', 'Message must be at most 5000 characters'],
    ]),
  )('refuses %s with a 400 naming the field, storing nothing', async (_, overrides, field, message) => {
    const body = contactBody(overrides);
    const failure = await expectFailure(t.app, post('/contact', body, freshAddress()), 400);
    expect(failure.errors).toContainEqual({ field, message });
    expect(failure.message).toContain(message);
    if (typeof body.email === 'string') expect(await contactRows(body.email)).toEqual([]);
  });

  it('accepts a message of exactly 5000 characters', async () => {
    const body = contactBody({ message: 'x'.repeat(5000) });
    await expectResult(t.app, post('/contact', body, freshAddress()), z.null(), 201);
    expect((await contactRows(body.email))[0]?.message).toHaveLength(5000);
  });
});

describe('POST /api/v1/newsletter', () => {
  it('subscribes an email without a token', async () => {
    const email = `reader-${crypto.randomUUID()}@example.com`;
    await expectResult(t.app, post('/newsletter', { email }, freshAddress()), z.null(), 201);
    const rows = await subscriberRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(email);
  });

  it('is fine subscribing twice, in any case, and keeps one row', async () => {
    const email = `Reader.${crypto.randomUUID()}@Example.com`;
    const address = freshAddress();
    for (const variant of [email, email.toLowerCase(), ` ${email.toUpperCase()} `]) {
      const response = await call(t.app, post('/newsletter', { email: variant }, address));
      expect([200, 201]).toContain(response.status);
      expect(response.body).toEqual({ success: true, result: null });
    }
    const rows = await subscriberRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(email.toLowerCase());
  });

  it('keeps one row when the same email arrives many times at once', async () => {
    const email = `rush-${crypto.randomUUID()}@example.com`;
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call(
          t.app,
          post('/newsletter', { email: index % 2 ? email.toUpperCase() : email }, freshAddress()),
        ),
      ),
    );
    expect(responses.every((response) => [200, 201].includes(response.status))).toBe(true);
    expect(await subscriberRows(email)).toHaveLength(1);
  });

  it.each(
    titled<[Record<string, unknown>, string]>([
      [{}, 'Email is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: '   ' }, 'Email is required'],
      [{ email: 42 }, 'Email is required'],
      [{ email: null }, 'Email is required'],
      [{ email: 'not-an-email' }, 'Invalid Email format'],
      [{ email: 'a b@example.com' }, 'Invalid Email format'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'Email must be at most 254 characters'],
      [{ email: `${'a'.repeat(100_000)}@example.com` }, 'Email must be at most 254 characters'],
    ]),
  )('refuses %s with a 400 naming the email', async (_, body, message) => {
    const failure = await expectFailure(t.app, post('/newsletter', body, freshAddress()), 400);
    expect(failure.errors).toContainEqual({ field: 'email', message });
    expect(failure.message).toBe(message);
  });
});

describe('bad input on both routes', () => {
  it.each([
    ['malformed JSON', '{"email": "a@example.com",'],
    ['a JSON array', '["a@example.com"]'],
    ['a JSON string', '"a@example.com"'],
    ['JSON null', 'null'],
    [
      'a __proto__ key',
      '{"__proto__": {"admin": true}, "name": "K", "email": "k@example.com", "message": "hi"}',
    ],
    [
      'a constructor.prototype key',
      '{"constructor": {"prototype": {"admin": true}}, "name": "K", "email": "k@example.com", "message": "hi"}',
    ],
  ])('answers 400 with a message for %s', async (_, payload) => {
    for (const url of ['/contact', '/newsletter']) {
      const failure = await expectFailure(
        t.app,
        {
          method: 'POST',
          url: `/api/v1${url}`,
          headers: { 'content-type': 'application/json' },
          payload,
          remoteAddress: freshAddress(),
        },
        400,
      );
      expect(failure.message.length).toBeGreaterThan(0);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('answers 413 for a body over 1 MB', async () => {
    const failure = await expectFailure(
      t.app,
      post('/contact', contactBody({ message: 'x'.repeat(1_100_000) }), freshAddress()),
      413,
    );
    expect(failure.message.length).toBeGreaterThan(0);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const failure = await expectFailure(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/newsletter',
        headers: { 'content-type': 'text/plain' },
        payload: 'email=a@example.com',
        remoteAddress: freshAddress(),
      },
      400,
    );
    expect(failure.message.length).toBeGreaterThan(0);
  });
});

describe('rate limits on the public routes', () => {
  it.each([
    ['/contact', () => contactBody()],
    ['/newsletter', () => ({ email: `limit-${crypto.randomUUID()}@example.com` })],
  ])(`%s allows ${MESSAGES_RATE_LIMIT.max} calls a minute per client address`, async (url, body) => {
    const address = freshAddress();
    for (let index = 0; index < MESSAGES_RATE_LIMIT.max; index++) {
      expect((await call(t.app, post(url, body(), address))).status).toBe(201);
    }
    const limited = await expectFailure(t.app, post(url, body(), address), 429);
    expect(limited.message).toMatch(/rate limit/i);
    expect(limited.errors).toBeUndefined();
    // Bad input counts too, and is refused before it is read.
    await expectFailure(t.app, { ...post(url, {}, address) }, 429);

    // Another client is not held back.
    expect((await call(t.app, post(url, body(), freshAddress()))).status).toBe(201);
  });

  it('counts each route on its own', async () => {
    const address = freshAddress();
    for (let index = 0; index < MESSAGES_RATE_LIMIT.max; index++) {
      await call(t.app, post('/contact', contactBody(), address));
    }
    await expectFailure(t.app, post('/contact', contactBody(), address), 429);
    await expectResult(
      t.app,
      post('/newsletter', { email: `own-${crypto.randomUUID()}@example.com` }, address),
      z.null(),
      201,
    );
  });

  it('leaves the other API routes to the looser API-wide limit', async () => {
    const address = freshAddress();
    for (let index = 0; index <= MESSAGES_RATE_LIMIT.max; index++) {
      await call(t.app, post('/newsletter', { email: `x-${index}@example.com` }, address));
    }
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/product/filters',
      remoteAddress: address,
    });
    expect(response.statusCode).toBe(200);
  });
});
