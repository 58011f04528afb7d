import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from '#server-test/database.ts';
import {
  type ListeningApp,
  openRaw,
  parseRawResponse,
  startListeningApp,
} from '#server-test/listening.ts';

// Short timeouts so a test waits about a second; the defaults are in config/env.ts.
const SHORT_TIMEOUTS = {
  HEADERS_TIMEOUT_MS: '500',
  REQUEST_TIMEOUT_MS: '1000',
  IDLE_TIMEOUT_MS: '60000',
};
/** Longer than any timeout above plus Node's checking interval: a socket still open then never closes. */
const DEADLINE_MS = 5_000;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let server: ListeningApp | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function closesWithin(closed: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const outcome = await Promise.race([closed.then(() => true as const), deadline]);
  clearTimeout(timer);
  return outcome;
}

async function health(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
  return { status: response.status, body: await response.json() };
}

const STALLED_LOGIN =
  'POST /api/v1/auth/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
  'Content-Length: 100\r\n\r\n{';

describe('server timeouts and connection cap', () => {
  it('closes a request whose body stalls, with 408, while serving other clients', async () => {
    server = await startListeningApp(SHORT_TIMEOUTS, database);
    const stalled = await openRaw(server.port);
    stalled.socket.write(STALLED_LOGIN);

    const meanwhile = await health(server.port);
    expect(meanwhile.status).toBe(200);
    expect(meanwhile.body).toMatchObject({ success: true, result: { status: 'ok' } });
    expect(stalled.isClosed()).toBe(false);

    expect(await closesWithin(stalled.closed, DEADLINE_MS)).toBe(true);
    const response = parseRawResponse(stalled.received());
    expect(response.status).toBe(408);
    expect(response.body).toEqual({
      success: false,
      message: 'The request took too long to arrive',
    });
  });

  it('closes a request whose body drips in a byte at a time past the request timeout', async () => {
    server = await startListeningApp(SHORT_TIMEOUTS, database);
    const dripping = await openRaw(server.port);
    dripping.socket.write(STALLED_LOGIN);
    // Traffic every 100 ms keeps the idle timeout away: only the request timeout can end it.
    const drip = setInterval(() => dripping.socket.write(' '), 100);
    try {
      expect(await closesWithin(dripping.closed, DEADLINE_MS)).toBe(true);
    } finally {
      clearInterval(drip);
    }
    expect(parseRawResponse(dripping.received()).status).toBe(408);
  });

  it('closes a connection that never sends a byte after the idle timeout', async () => {
    server = await startListeningApp({ IDLE_TIMEOUT_MS: '500' }, database);
    const silent = await openRaw(server.port);
    expect(await closesWithin(silent.closed, DEADLINE_MS)).toBe(true);
  });

  it('refuses connections over the cap and serves again once one closes', async () => {
    server = await startListeningApp({ MAX_CONNECTIONS: '2' }, database);
    const held = [await openRaw(server.port), await openRaw(server.port)];

    const overCap = await openRaw(server.port);
    overCap.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: shop\r\n\r\n');
    expect(await closesWithin(overCap.closed, DEADLINE_MS)).toBe(true);
    expect(overCap.received()).toBe('');

    held[0]?.socket.destroy();
    await held[0]?.closed;
    await expect.poll(async () => (await health(server?.port ?? 0)).status).toBe(200);
    held[1]?.socket.destroy();
  });
});
