/**
 * Rate limits every process shares (D30, issue 10 item 6), and a client that
 * hangs up mid-request (item 8): never a logged server error.
 */
import { type AddressInfo, connect } from 'node:net';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { rateLimitCounters } from '#server/db/schema/rate-limits.ts';
import { MESSAGES_RATE_LIMIT } from '#server/features/messages/messages.routes.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { call, clientAddresses } from '#server-test/http.ts';
import {
  databaseUrlOf,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from '#server-test/processes.ts';
import { signUp } from '#server-test/users.ts';
import { LOCAL_SHARE } from './rate-limit.ts';

/** A small API-wide limit, so a test can reach it. */
const PER_MINUTE = 40;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) } });
});
afterAll(() => t.close());

/** Each test calls from addresses of its own, so its limits are its own. */
const freshAddress = clientAddresses('10.30');

const counterOf = async (name: string, key: string) => {
  const [row] = await t.db
    .select({ hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.name, name), eq(rateLimitCounters.key, key)));
  return row?.hits;
};

const contactBody = () => ({
  name: 'Kiran Das',
  email: `kiran-${crypto.randomUUID()}@example.com`,
  message: 'Do you print on the back of hoodies too?',
});

describe('one process', () => {
  it(`answers exactly ${PER_MINUTE} API calls a minute per client address, then 429 in the envelope`, async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let index = 0; index < PER_MINUTE + 5; index++) {
      statuses.push(
        (await t.app.inject({ url: '/api/v1/health', remoteAddress: address })).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(PER_MINUTE).fill(200), ...Array(5).fill(429)]);
    const limited = await call(t.app, { url: '/api/v1/health', remoteAddress: address });
    expect(limited.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/rate limit/i),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held back.
    expect(
      (await t.app.inject({ url: '/api/v1/health', remoteAddress: freshAddress() })).statusCode,
    ).toBe(200);

    // The hits reach the shared table within a sync interval, where other processes see them.
    await vi.waitFor(async () => expect(await counterOf('api', address)).toBe(PER_MINUTE), {
      timeout: 5000,
    });
  });

  it('counts contact posts in the shared table, one statement each', async () => {
    const address = freshAddress();
    const post = { method: 'POST' as const, url: '/api/v1/contact', remoteAddress: address };
    expect((await t.app.inject({ ...post, payload: contactBody() })).statusCode).toBe(201);
    expect(await counterOf('POST /api/v1/contact', address)).toBe(1);
    expect((await t.app.inject({ ...post, payload: contactBody() })).statusCode).toBe(201);
    expect(await counterOf('POST /api/v1/contact', address)).toBe(2);
  });
});

describe('a client that hangs up mid-request', () => {
  it('is not logged as a server error, and the server keeps serving', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const server = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream });
    try {
      const shopper = await signUp(server.app);
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = server.app.server.address() as AddressInfo;

      // A signed-in call: the token lookup gives the reset time to land before the rate limit runs.
      const HANG_UPS = 5;
      for (let index = 0; index < HANG_UPS; index++) {
        await new Promise<void>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write(
              `GET /api/v1/cart/get-all HTTP/1.1\r\nHost: shop\r\nAuthorization: Bearer ${shopper.token}\r\n\r\n`,
              () => {
                socket.resetAndDestroy();
                resolve();
              },
            );
          });
        });
      }
      // A live client after them: by the time it is answered, the hung-up
      // requests (queued earlier for the token lookup) have passed the rate limit.
      const after = await fetch(`http://127.0.0.1:${port}/api/v1/cart/get-all`, {
        headers: shopper.auth,
      });
      expect(after.status).toBe(200);

      const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(entries.filter((entry) => entry.msg === 'incoming request')).toHaveLength(
        1 + HANG_UPS + 1,
      );
      expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(inject('testDatabase').kind !== 'postgres')(
  'two server processes on one PostgreSQL (D30)',
  () => {
    let servers: ShopProcess[] = [];
    beforeAll(async () => {
      if (inject('testDatabase').kind !== 'postgres') return;
      // Client addresses come from X-Forwarded-For, so each test has its own.
      servers = await startShopProcesses(2, await databaseUrlOf(t.db), {
        TRUST_PROXY: 'true',
        RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      });
    }, 60_000);
    afterAll(() => stopShopProcesses(servers));

    /** Sends the requests at once from one address, alternating between the two processes. */
    function burst(count: number, path: string, body?: () => unknown) {
      const address = freshAddress();
      return Promise.all(
        Array.from({ length: count }, async (_, index) => {
          const server = servers[index % servers.length];
          if (!server) throw new Error('The servers did not start');
          const response = await fetch(`${server.base}${path}`, {
            method: body ? 'POST' : 'GET',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
            ...(body && { body: JSON.stringify(body()) }),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
    }

    it(`contact posts across both processes stop at ${MESSAGES_RATE_LIMIT.max}`, async () => {
      const statuses = await burst(3 * MESSAGES_RATE_LIMIT.max, '/api/v1/contact', contactBody);
      const accepted = statuses.filter((status) => status === 201).length;
      console.info(`two processes, ${statuses.length} contact posts: ${accepted} × 201`);
      expect(accepted).toBe(MESSAGES_RATE_LIMIT.max);
      expect(statuses.filter((status) => status !== 201).every((status) => status === 429)).toBe(
        true,
      );
    });

    it('the API-wide limit across both processes stops within max + one local share', async () => {
      const share = Math.ceil(PER_MINUTE * LOCAL_SHARE);
      const statuses = await burst(3 * PER_MINUTE, '/api/v1/health');
      const answered = statuses.filter((status) => status === 200).length;
      console.info(
        `two processes, ${statuses.length} API calls at ${PER_MINUTE}/min: ${answered} × 200 (bound ${PER_MINUTE + share})`,
      );
      expect(answered).toBeGreaterThanOrEqual(PER_MINUTE);
      expect(answered).toBeLessThanOrEqual(PER_MINUTE + share);
      expect(statuses.filter((status) => status !== 200).every((status) => status === 429)).toBe(
        true,
      );
    });
  },
);
