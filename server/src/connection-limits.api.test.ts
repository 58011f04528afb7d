import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from '#server-test/database.ts';
import {
  type ListeningApp,
  openRaw,
  parseRawResponse,
  type RawConnection,
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
/** What one address threw at a process in the reliability run (issue 23). */
const STALLED_BODIES = 1_000;

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

  it('answers 408 to a body that stalls for BODY_TIMEOUT_MS, long before the idle and request timeouts', async () => {
    server = await startListeningApp(
      { BODY_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '60000', IDLE_TIMEOUT_MS: '60000' },
      database,
    );
    const stalled = await openRaw(server.port);
    stalled.socket.write(STALLED_LOGIN);
    expect(await closesWithin(stalled.closed, DEADLINE_MS)).toBe(true);
    expect(parseRawResponse(stalled.received())).toEqual({
      status: 408,
      body: { success: false, message: 'The request took too long to arrive' },
    });
  });

  it('reads a body that keeps coming, each part within BODY_TIMEOUT_MS', async () => {
    server = await startListeningApp({ BODY_TIMEOUT_MS: '1000' }, database);
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'Not-the-password1' });
    const moving = await openRaw(server.port);
    moving.socket.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    // A part every 200 ms: slower in all than one deadline, never silent for one.
    const parts = body.match(/.{1,8}/g) ?? [];
    const drip = setInterval(() => {
      const part = parts.shift();
      if (part !== undefined) moving.socket.write(part);
    }, 200);
    try {
      expect(await closesWithin(moving.closed, DEADLINE_MS)).toBe(true);
    } finally {
      clearInterval(drip);
    }
    expect(parseRawResponse(moving.received()).status).toBe(401);
  });

  it('keeps answering other clients while one address holds 1,000 stalled bodies', async () => {
    server = await startListeningApp({ MAX_CONNECTIONS_PER_ADDRESS: '20' }, database);
    const port = server.port;
    const stalled: RawConnection[] = [];
    // A hundred at a time: a thousand at once overflow the listen backlog, and the kernel delays the rest.
    while (stalled.length < STALLED_BODIES) {
      const batch = await Promise.all(
        Array.from({ length: 100 }, async () => {
          const connection = await openRaw(port);
          connection.socket.write(STALLED_LOGIN);
          return connection;
        }),
      );
      stalled.push(...batch);
    }
    try {
      // All but the address's 20 are closed as they arrive, unanswered.
      await expect
        .poll(() => stalled.filter((connection) => connection.isClosed()).length, {
          timeout: DEADLINE_MS,
        })
        .toBe(STALLED_BODIES - 20);
      expect(stalled.filter((connection) => connection.received() !== '')).toEqual([]);

      // Another address (the loopback network is all the machine's) is served at once.
      const other = await openRaw(port, '127.0.0.2');
      other.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n');
      await other.closed;
      expect(parseRawResponse(other.received())).toMatchObject({
        status: 200,
        body: { success: true, result: { status: 'ok' } },
      });
      expect(stalled.filter((connection) => !connection.isClosed())).toHaveLength(20);
    } finally {
      for (const connection of stalled) connection.socket.destroy();
    }
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
