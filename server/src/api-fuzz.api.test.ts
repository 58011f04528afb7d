/**
 * Property-based fuzzing of every endpoint in the contract (issue 10, item 11):
 * valid requests made from the contract's own schemas, the same with one field
 * removed or replaced, and hostile ones (control characters, lone surrogates,
 * huge strings, deep nesting, prototype keys, numbers at the limits, raw bytes),
 * signed in as a shopper, as an admin, and not at all. Whatever comes, the shop
 * answers below 500, in the D2 envelope, and keeps answering.
 *
 * `npm test` runs a fixed seed; `npm run test:fuzz` runs FUZZ_RUNS cases (20,000
 * unless told) from a random seed it prints; FUZZ_SEED replays one.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '#contract';
import * as contract from '#contract';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { CONTRACT_ENDPOINTS } from '#server-test/endpoints.ts';
import { call, expectResult } from '#server-test/http.ts';
import { signUp } from '#server-test/users.ts';
import { arbitraryFor, humanText, setAt } from '#server-test/zod-arbitrary.ts';

const largeRun = process.env.npm_lifecycle_event === 'test:fuzz';
const numRuns = Number(process.env.FUZZ_RUNS ?? (largeRun ? 20_000 : 2_000));
const seed = Number(
  process.env.FUZZ_SEED ?? (largeRun ? Math.floor(Math.random() * 2 ** 31) : 20_261_124),
);

// ------------------------------------------------------------------ hostile values

/** Text a client should never send, and text that is merely unusual. */
const controlCharacter = fc
  .integer({ min: 0, max: 0x9f })
  .filter((code) => code < 0x20 || code >= 0x7f)
  .map((code) => String.fromCharCode(code));

const hostileString: fc.Arbitrary<string> = fc.oneof(
  // Ordinary text with a control character in it (D37).
  fc.tuple(humanText(1, 10), controlCharacter, humanText(0, 10)).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  // UTF-16 code units, lone surrogates included.
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
    maxLength: 20,
  }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\ufeff',
    '\u202eevil',
    '\uffff',
    '\u{10ffff}',
    'e\u0301'.repeat(500),
    '👩🏽‍💻'.repeat(100),
    '%00',
    '%',
    "' OR 1=1 --",
    '\\',
    '%_%',
    '{{7*7}}',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    'NaN',
    '-0',
    '1e309',
  ),
  fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'x'.repeat(length)),
);

const limitNumber = fc.constantFrom(
  0,
  -1,
  0.1 + 0.2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
);

/** A value of any JSON type, for a field that expects another one. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  limitNumber,
  fc.integer(),
  hostileString,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** JSON text no serialiser writes: numbers past double range, prototype keys, deep nesting. */
const rawJson = (fields: string[]): fc.Arbitrary<string> => {
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('value');
  return fc.oneof(
    fc
      .tuple(
        field,
        fc.constantFrom('1e309', '-1e309', '1e-400', '-0', '123456789012345678901234567890'),
      )
      .map(([key, number]) => `{"${key}": ${number}}`),
    fc
      .tuple(field, fc.integer({ min: 10, max: 100_000 }))
      .map(([key, depth]) => `{"${key}": ${'['.repeat(depth)}${']'.repeat(depth)}}`),
    fc
      .integer({ min: 10, max: 20_000 })
      .map((depth) => `${'{"a":'.repeat(depth)}{"__proto__":{"admin":true}}${'}'.repeat(depth)}`),
    fc.constantFrom(
      '{"__proto__": {"role": "admin"}}',
      '{"constructor": {"prototype": {"role": "admin"}}}',
      '{"a": 1, "a": 2}',
      '{"name": "\\ud800"}',
      '{"name": "\\u0000"}',
      '',
      '{',
      '[]',
      'null',
      'true',
      '"text"',
      '\ufeff{}',
      '{"a":1}garbage',
    ),
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
  );
};

// ------------------------------------------------------------------ requests

type Who = 'anonymous' | 'shopper' | 'admin';

interface FuzzRequest {
  endpoint: string;
  /** The answer's media type when it is a file, not the envelope. */
  produces: string | undefined;
  who: Who;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

/** Percent-encodes every byte of the text's UTF-8 (lone surrogates become U+FFFD). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text)]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** Bytes that are not UTF-8, or are percent-encoding gone wrong. */
const rawUrlPiece = fc.constantFrom(
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  '%E0%A4%A',
  '..%2F..',
);

/** How a value reads in a query string: objects as their JSON, since a URL holds only text. */
const asText = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

const queryString = (query: Record<string, unknown>) =>
  Object.entries(query)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value])
        .filter((item) => item !== undefined)
        .map((item) => `${percentEncoded(key)}=${percentEncoded(asText(item))}`),
    )
    .join('&');

/** The top-level keys and the leaves of a value, each a path to mutate. */
function pathsOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value))
    return [path, ...value.flatMap((item, index) => pathsOf(item, [...path, index]))];
  if (typeof value === 'object' && value !== null) {
    return [path, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...path, key]))];
  }
  return [path];
}

function removeAt(value: unknown, path: (string | number)[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0) copy.splice(Number(head), 1);
    else copy[Number(head)] = removeAt(copy[Number(head)], rest);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0) delete copy[head];
  else copy[head] = removeAt(copy[head], rest);
  return copy;
}

/** A valid value, then one thing in it removed or replaced by a wrong or hostile value. */
type Mutation = 'remove' | 'wrong type' | 'hostile text';

/** A valid value, then one thing in it removed, given a wrong type, or (a text) made hostile. */
const mutated = (valid: fc.Arbitrary<unknown>) =>
  fc
    .tuple(
      valid,
      fc.nat(),
      fc.constantFrom<Mutation>('remove', 'wrong type', 'hostile text'),
      wrongValue,
      hostileString,
    )
    .map(([value, pick, mutation, wrong, hostile]) => {
      const paths = pathsOf(value).filter((path) => path.length > 0);
      const texts = paths.filter((path) => typeof atPath(value, path) === 'string');
      const candidates = mutation === 'hostile text' && texts.length > 0 ? texts : paths;
      const path = candidates[pick % Math.max(candidates.length, 1)];
      if (!path) return mutation === 'hostile text' ? hostile : wrong;
      if (mutation === 'remove') return removeAt(value, path);
      return setAt(value, path, mutation === 'hostile text' ? hostile : wrong);
    });

const atPath = (value: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>(
    (current, key) =>
      typeof current === 'object' && current !== null
        ? (current as Record<string, unknown>)[key]
        : undefined,
    value,
  );

interface Known {
  ids: string[];
}

const ownCaller = (endpoint: Endpoint): Who =>
  endpoint.auth === 'admin' ? 'admin' : endpoint.auth === 'user' ? 'shopper' : 'anonymous';

function requestFor(endpoint: Endpoint, known: Known): fc.Arbitrary<FuzzRequest> {
  const id = fc.oneof(
    fc.constantFrom(...known.ids),
    fc.uuid().map(percentEncoded),
    hostileString.map((text) => percentEncoded(text.slice(0, 80))),
    rawUrlPiece,
  );
  const path = fc.array(id, { minLength: 3, maxLength: 3 }).map((ids) => {
    let index = 0;
    return `${contract.API_PREFIX}${endpoint.path.replace(/:[a-zA-Z]+/g, () => ids[index++] ?? '')}`;
  });

  const fieldsOf = (schema: unknown) =>
    schema instanceof Object && 'shape' in schema ? Object.keys(schema.shape as object) : [];

  const validQuery = endpoint.query ? arbitraryFor(endpoint.query) : fc.constant({});
  const query = fc.oneof(
    {
      weight: 4,
      arbitrary: validQuery.map((value) => queryString(value as Record<string, unknown>)),
    },
    {
      weight: 3,
      arbitrary: mutated(validQuery).map((value) =>
        typeof value === 'object' && value !== null
          ? queryString(value as Record<string, unknown>)
          : `v=${percentEncoded(asText(value))}`,
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(...fieldsOf(endpoint.query), '__proto__', 'constructor', 'a[b]', ''),
              hostileString,
            ),
            fc.oneof(hostileString.map(percentEncoded), rawUrlPiece, limitNumber.map(String)),
          ),
          { maxLength: 4 },
        )
        .map((pairs) => pairs.map(([key, value]) => `${percentEncoded(key)}=${value}`).join('&')),
    },
  );

  const validBody = endpoint.body ? arbitraryFor(endpoint.body) : fc.constant(undefined);
  const jsonBody = fc.oneof(
    {
      weight: 4,
      arbitrary: validBody.map((value) =>
        value === undefined ? undefined : JSON.stringify(value),
      ),
    },
    { weight: 3, arbitrary: mutated(validBody).map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 2, arbitrary: rawJson(fieldsOf(endpoint.body)) },
  );
  const body: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> = endpoint.consumes
    ? fc.record({
        payload: fc.uint8Array({ maxLength: 4_000 }).map((bytes) => Buffer.from(bytes)),
        contentType: fc.constantFrom(...endpoint.consumes, 'application/json', 'image/svg+xml'),
      })
    : fc.oneof(
        {
          weight: 8,
          arbitrary: jsonBody.map((payload) => ({ payload, contentType: 'application/json' })),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            payload: fc.oneof(
              hostileString,
              fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
            ),
            contentType: fc.constantFrom(
              'application/json; charset=utf-16',
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=x',
              'application/json',
            ),
          }),
        },
      );

  return fc
    .record({
      // Mostly the caller the endpoint serves, so input reaches the code behind the guard.
      who: fc.oneof(
        { weight: 4, arbitrary: fc.constant(ownCaller(endpoint)) },
        { weight: 1, arbitrary: fc.constantFrom<Who>('anonymous', 'shopper', 'admin') },
      ),
      path,
      query,
      body,
      idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.stringMatching(/^[ -~]{0,120}$/)), {
        nil: undefined,
      }),
      remoteAddress: fc.ipV4(),
    })
    .map(
      ({
        who,
        path: url,
        query: search,
        body: { payload, contentType },
        idempotencyKey,
        remoteAddress,
      }) => ({
        endpoint: endpoint.name,
        produces: endpoint.produces,
        who,
        method: endpoint.method,
        url: search ? `${url}?${search}` : url,
        headers: {
          ...(payload !== undefined && contentType && { 'content-type': contentType }),
          ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }),
        },
        ...(payload !== undefined && { payload }),
        remoteAddress,
      }),
    );
}

// ------------------------------------------------------------------ the shop under fuzz

let t: TestApp;
const tokens: Record<Who, string | undefined> = {
  anonymous: undefined,
  shopper: undefined,
  admin: undefined,
};
const known: Known = { ids: [] };

async function signInShopper() {
  const shopper = await signUp(t.app);
  tokens.shopper = shopper.token;
  return shopper;
}

beforeAll(async () => {
  t = await createTestApp();
  const productId = await createProduct(t.db, { stock: { S: 50, M: 50, L: 50 } });
  const shopper = await signInShopper();
  tokens.admin = (await signUpAdmin(t.app, t.db)).token;
  // A cart line and an address, so valid checkouts reach the database.
  const line = await expectResult(
    t.app,
    {
      method: 'POST',
      url: '/api/v1/cart/create',
      headers: shopper.auth,
      payload: { productId, size: 'M', quantity: 1 },
    },
    contract.CartItemSchema,
    201,
  );
  const address = await expectResult(
    t.app,
    {
      method: 'POST',
      url: '/api/v1/address/add',
      headers: shopper.auth,
      payload: {
        name: 'Asha',
        phone: '+91 98765 43210',
        pincode: '560001',
        city: 'Bengaluru',
        state: 'Karnataka',
        fullAddress: '12 MG Road',
      },
    },
    contract.AddressSchema,
    201,
  );
  known.ids.push(productId, line._id, address._id, randomUUID());
}, 60_000);
afterAll(() => t.close());

/** A signed-in caller whose 2xx on these calls may have ended its own session is signed in again. */
const endsSessions = new Set(['logout', 'logoutEverywhere', 'changePassword']);

describe(`fuzzing every endpoint (${numRuns} cases, seed ${seed})`, () => {
  it('has endpoints to fuzz', () => {
    expect(CONTRACT_ENDPOINTS.length).toBeGreaterThanOrEqual(40);
    if (largeRun)
      console.info(`fuzz: ${numRuns} cases, seed ${seed} (FUZZ_SEED=${seed} replays it)`);
  });

  it(
    'answers every request below 500, in the D2 envelope',
    async () => {
      const request = fc
        .constantFrom(...CONTRACT_ENDPOINTS)
        .chain((endpoint) => requestFor(endpoint, known));
      await fc.assert(
        fc.asyncProperty(request, async ({ endpoint, produces, who, ...options }) => {
          const token = tokens[who];
          const response = await t.app.inject({
            ...options,
            method: options.method as Endpoint['method'],
            headers: { ...options.headers, ...(token && { authorization: `Bearer ${token}` }) },
          });
          const status = response.statusCode;
          const what = `${status} ${response.body.slice(0, 300)}`;
          expect(status, what).toBeLessThan(500);
          if (!(produces && status < 300)) {
            const body = response.json() as {
              success?: unknown;
              result?: unknown;
              message?: unknown;
            };
            if (status < 300) {
              expect(body, what).toMatchObject({ success: true });
              expect(body, what).toHaveProperty('result');
            } else {
              expect(body, what).toMatchObject({
                success: false,
                message: expect.stringMatching(/\S/),
              });
            }
          }
          if (status < 300 && who !== 'anonymous' && endsSessions.has(endpoint)) {
            if (who === 'shopper') await signInShopper();
            else tokens.admin = (await signUpAdmin(t.app, t.db)).token;
          }
        }),
        { numRuns, seed, verbose: 1 },
      );
      expect((await call(t.app, '/api/v1/health')).status).toBe(200);
    },
    // A guard against a hung run, not a speed check: the machine may be busy.
    largeRun ? 7_200_000 : 600_000,
  );
});
