/**
 * Checks every endpoint of the contract at once, so a new endpoint is covered
 * the day it is added: signed-in endpoints refuse missing, garbage and ended
 * tokens, admin endpoints refuse shoppers, and no malformed or hostile input
 * gets anything but a 4xx envelope.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from '#contract';
import * as contract from '#contract';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { CONTRACT_ENDPOINTS } from '#server-test/endpoints.ts';
import { call } from '#server-test/http.ts';
import { signUp } from '#server-test/users.ts';
import { arbitraryFor, setAt, stringFieldsOf } from '#server-test/zod-arbitrary.ts';

const signedIn = CONTRACT_ENDPOINTS.filter(
  (endpoint) => endpoint.auth === 'user' || endpoint.auth === 'admin',
);
const adminOnly = CONTRACT_ENDPOINTS.filter((endpoint) => endpoint.auth === 'admin');
const withBody = CONTRACT_ENDPOINTS.filter((endpoint) => endpoint.body !== undefined);

const urlOf = (endpoint: Endpoint, id: string = randomUUID()) =>
  `${contract.API_PREFIX}${endpoint.path.replace(/:[a-zA-Z]+/g, id)}`;
const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** Every top-level field of a body schema, so hostile values land on real fields. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  let current: unknown = schema;
  while (current instanceof z.ZodPipe) current = current.in;
  return current instanceof z.ZodObject ? Object.keys(current.shape) : ['value'];
}

let t: TestApp;
let token: string;
let adminToken: string;
let endedToken: string;
/** An admin's token for admin endpoints, so hostile input reaches their parsing and lookups. */
const tokenFor = (endpoint: Endpoint) => (endpoint.auth === 'admin' ? adminToken : token);
beforeAll(async () => {
  t = await createTestApp();
  token = (await signUp(t.app)).token;
  adminToken = (await signUpAdmin(t.app, t.db)).token;
  const ended = await signUp(t.app);
  endedToken = ended.token;
  await call(t.app, { method: 'POST', url: '/api/v1/auth/logout', headers: ended.auth });
});
afterAll(() => t.close());

describe('every signed-in endpoint answers 401', () => {
  const cases = signedIn.flatMap((endpoint) =>
    [
      ['no token', undefined],
      ['a garbage token', 'Bearer not-a-real-token'],
      ['a malformed header', 'Token abc'],
      ['an ended token', 'ended'],
    ].map(([why, header]) => [label(endpoint), why, endpoint, header] as const),
  );
  it.each(cases)('%s with %s', async (_, __, endpoint, header) => {
    const authorization = header === 'ended' ? `Bearer ${endedToken}` : header;
    const response = await call(t.app, {
      method: endpoint.method,
      url: urlOf(endpoint),
      headers: authorization ? { authorization } : {},
      ...(endpoint.body && { payload: {} }),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(401);
    expect(response.body).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe('every admin endpoint answers 403 to a shopper, and serves an admin', () => {
  it('has admin endpoints, all under /admin and tagged admin', () => {
    expect(adminOnly.length).toBeGreaterThanOrEqual(15);
    for (const endpoint of adminOnly) {
      expect(endpoint.path, label(endpoint)).toMatch(/^\/admin\//);
      expect(endpoint.tag, label(endpoint)).toBe('admin');
    }
    const unguarded = CONTRACT_ENDPOINTS.filter(
      (endpoint) => endpoint.path.startsWith('/admin/') && endpoint.auth !== 'admin',
    );
    expect(unguarded.map(label)).toEqual([]);
  });

  it.each(
    adminOnly.map((endpoint) => [label(endpoint), endpoint] as const),
  )('%s refuses a signed-in shopper with 403, before reading the body', async (_, endpoint) => {
    const response = await call(t.app, {
      method: endpoint.method,
      url: urlOf(endpoint),
      headers: { authorization: `Bearer ${token}` },
      ...(endpoint.body && { payload: {} }),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(403);
    expect(response.body).toEqual({ success: false, message: 'You are not allowed to do that' });
  });

  it.each(
    adminOnly.map((endpoint) => [label(endpoint), endpoint] as const),
  )('%s lets an admin through (no 401 or 403)', async (_, endpoint) => {
    const response = await t.app.inject({
      method: endpoint.method,
      url: urlOf(endpoint),
      headers: { authorization: `Bearer ${adminToken}` },
      ...(endpoint.body && { payload: {} }),
    });
    expect(response.statusCode, response.body).not.toBe(401);
    expect(response.statusCode, response.body).not.toBe(403);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });
});

describe('hostile input gets a 4xx with a message, never a 5xx', () => {
  const hostileBodies: [string, string][] = [
    ['malformed JSON', '{"name": '],
    ['a JSON array', '[]'],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
    ['a __proto__ key', '{"__proto__": {"admin": true}}'],
    ['a constructor.prototype key', '{"constructor": {"prototype": {"admin": true}}}'],
  ];
  const cases = withBody.flatMap((endpoint) => [
    ...hostileBodies.map(([why, payload]) => [label(endpoint), why, endpoint, payload] as const),
    [
      label(endpoint),
      '100 kB strings in every field',
      endpoint,
      JSON.stringify(
        Object.fromEntries(fieldsOf(endpoint.body).map((field) => [field, 'x'.repeat(100_000)])),
      ),
    ] as const,
    [
      label(endpoint),
      'wrong types in every field',
      endpoint,
      JSON.stringify(
        Object.fromEntries(fieldsOf(endpoint.body).map((field) => [field, { nested: [1, 2] }])),
      ),
    ] as const,
  ]);
  it.each(cases)('%s with %s', async (_, __, endpoint, payload) => {
    const response = await t.app.inject({
      method: endpoint.method,
      url: urlOf(endpoint),
      headers: {
        authorization: `Bearer ${tokenFor(endpoint)}`,
        'content-type': 'application/json',
      },
      payload,
    });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it.each(
    CONTRACT_ENDPOINTS.filter((endpoint) => endpoint.params).map(
      (endpoint) => [label(endpoint), endpoint] as const,
    ),
  )('%s with malformed and unknown ids answers 404', async (_, endpoint) => {
    for (const id of ['not-an-id', randomUUID(), '%00', 'x'.repeat(60)]) {
      const response = await call(t.app, {
        method: endpoint.method,
        url: urlOf(endpoint, id),
        headers: { authorization: `Bearer ${tokenFor(endpoint)}` },
        ...(endpoint.body && { payload: {} }),
      });
      expect([400, 404], `${id}: ${JSON.stringify(response.body)}`).toContain(response.status);
    }
  });

  it('answers a URL that does not decode, or an overlong id, in the envelope', async () => {
    const badUrl = await call(t.app, '/api/v1/product/%E0%A4%A');
    expect(badUrl).toMatchObject({
      status: 400,
      body: { success: false, message: 'The address is not valid' },
    });
    const longId = await call(t.app, `/api/v1/product/${'x'.repeat(150)}`);
    expect(longId).toMatchObject({
      status: 414,
      body: { success: false, message: 'A part of the address is too long' },
    });
  });

  it('refuses a body over 1 MiB with 413, and keeps answering', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false });
    expect((await call(t.app, '/api/v1/health')).status).toBe(200);
  });
});

describe('control characters and broken Unicode in any string field get a 400 that names them (D37)', () => {
  // NUL (PostgreSQL cannot store it), other C0 controls, DEL and C1 controls.
  // Tabs and line breaks are refused too, except in multi-line fields (contract/src/text.test.ts).
  const controls = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f'];
  // Half of a surrogate pair, which JSON can carry and PostgreSQL refuses.
  const loneSurrogates = ['\ud800', '\udfff'];
  const named = (control: string) => `a${control}b`;
  // A fresh client address for each call, so per-address limits (contact: D30) never answer first.
  let clients = 0;
  const nextClient = () => `10.37.${(++clients >> 8) & 255}.${clients & 255}`;
  const percentEncoded = (text: string) =>
    [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  /** A body every field of which is valid, so the control character is the one complaint. */
  const validBodies = new Map(
    CONTRACT_ENDPOINTS.map((endpoint) => [
      endpoint,
      endpoint.body
        ? fc.sample(arbitraryFor(endpoint.body), { numRuns: 1, seed: 37 })[0]
        : undefined,
    ]),
  );
  const validBody = (endpoint: Endpoint) => validBodies.get(endpoint);

  const cases = CONTRACT_ENDPOINTS.flatMap((endpoint) => [
    ...stringFieldsOf(endpoint.body ?? z.never()).map(
      (path) => [label(endpoint), 'body', path.join('.'), endpoint, path] as const,
    ),
    ...stringFieldsOf(endpoint.query ?? z.never()).map(
      (path) => [label(endpoint), 'query', path.join('.'), endpoint, path] as const,
    ),
  ]);

  it('finds the free-text fields of the contract', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('%s %s.%s', async (_, part, field, endpoint, path) => {
    const body = validBody(endpoint);
    const refused: [string, RegExp][] = [
      ...controls.map((control): [string, RegExp] => [
        control,
        /must not contain control characters$/,
      ]),
      // A URL's percent-encoding cannot carry half a character; only JSON can.
      ...(part === 'body' ? loneSurrogates : []).map((half): [string, RegExp] => [
        half,
        /must be valid Unicode text$/,
      ]),
    ];
    for (const [control, complaint] of refused) {
      const [name] = path;
      const response = await call(t.app, {
        method: endpoint.method,
        url:
          part === 'query'
            ? `${urlOf(endpoint)}?${String(name)}=${percentEncoded(named(control))}`
            : urlOf(endpoint),
        headers: { authorization: `Bearer ${tokenFor(endpoint)}` },
        remoteAddress: nextClient(),
        ...(endpoint.body && {
          payload: (part === 'body' ? setAt(body, path, named(control)) : body) as object,
        }),
      });
      const what = `${JSON.stringify(control)}: ${JSON.stringify(response.body)}`;
      expect(response.status, what).toBe(400);
      expect(response.body, what).toMatchObject({
        success: false,
        message: expect.stringMatching(/\S/),
        errors: expect.arrayContaining([{ field, message: expect.stringMatching(complaint) }]),
      });
    }
  });

  it.each(
    CONTRACT_ENDPOINTS.filter((endpoint) => endpoint.params).map(
      (endpoint) => [label(endpoint), endpoint] as const,
    ),
  )('%s with a control character in the id', async (_, endpoint) => {
    // The first path parameter is named in the message: the id, or a backup's name.
    const parameter = /:([a-zA-Z]+)/.exec(endpoint.path)?.[1];
    for (const control of controls) {
      const response = await call(t.app, {
        method: endpoint.method,
        url: urlOf(endpoint, percentEncoded(named(control))),
        headers: { authorization: `Bearer ${tokenFor(endpoint)}` },
        remoteAddress: nextClient(),
        ...(endpoint.body && { payload: validBody(endpoint) as object }),
      });
      expect(response, JSON.stringify(control)).toMatchObject({
        status: 400,
        body: { success: false, message: `The ${parameter} must not contain control characters` },
      });
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists every endpoint of the contract', async () => {
    const document = (await call(t.app, '/api/docs/json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const endpoint of CONTRACT_ENDPOINTS) {
      const path = `${contract.API_PREFIX}${endpoint.path.replace(/:([a-zA-Z]+)/g, '{$1}')}`;
      expect(document.paths[path]?.[endpoint.method.toLowerCase()], label(endpoint)).toBeDefined();
    }
  });

  // The docs are built on their first request, in an app of their own (decision 078).
  it('serves its UI and the files the UI loads, and a 404 envelope for any other path under /api/docs', async () => {
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/api/docs/static/swagger-initializer.js');
    const styles = await t.app.inject('/api/docs/static/swagger-ui.css');
    expect(styles.statusCode).toBe(200);
    expect(styles.headers['content-type']).toMatch(/^text\/css/);
    expect(Number(styles.headers['content-length'])).toBe(styles.rawPayload.length);
    const redirect = await t.app.inject('/api/docs/static/index.html');
    expect(redirect).toMatchObject({ statusCode: 302, headers: { location: '/api/docs/' } });
    const missing = await call(t.app, '/api/docs/nothing-here');
    expect(missing).toMatchObject({
      status: 404,
      body: { success: false, message: 'There is no GET /api/docs/nothing-here here' },
    });
  });
});
