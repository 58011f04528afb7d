import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { FailureEnvelopeSchema } from '#contract';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/env.ts';
import { type DatabaseHandle, openPostgres } from '#server/db/client.ts';
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';
import { createTestDatabase } from '#server-test/database.ts';
import { startTcpProxy, type TcpProxy } from '#server-test/tcp-proxy.ts';

const target = inject('testDatabase');
/** The test server itself, never through the proxy, to look at and act on the app's connections. */
const adminUrl = target.kind === 'postgres' ? target.url : '';
const UNAVAILABLE = {
  success: false,
  message: 'The shop cannot reach its database right now. Please try again in a few seconds.',
};

/** Log lines the shops in this file wrote, parsed. */
const logs: Array<{ level: number; msg?: string }> = [];

async function buildShop(database: DatabaseHandle): Promise<FastifyInstance> {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }),
    database,
    logStream: { write: (line) => logs.push(JSON.parse(line)) },
  });
  await app.ready();
  return app;
}

let unseenListings = 0;

/**
 * A call the database must answer, and the load balancer's health check. A
 * listing already served may still come from the catalogue read cache, so
 * this asks for one never asked before.
 */
async function expectUnavailable(app: FastifyInstance) {
  unseenListings += 1;
  for (const url of [`/api/v1/product?search=outage${unseenListings}`, '/api/v1/health']) {
    const response = await app.inject(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(FailureEnvelopeSchema.parse(response.json())).toEqual(UNAVAILABLE);
  }
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: 'shopper@example.com', password: 'Sh0pper$ecret' },
  });
  expect(login.statusCode, login.body).toBe(503);
  // An outage is a warning for the operator, not a server error.
  expect(logs.filter((line) => line.level >= 50)).toEqual([]);
  expect(logs.some((line) => line.msg === 'database unavailable: answered 503')).toBe(true);
}

async function expectServing(app: FastifyInstance) {
  const products = await app.inject('/api/v1/product');
  expect(products.statusCode, products.body).toBe(200);
  const health = await app.inject('/api/v1/health');
  expect(health.json()).toEqual({
    success: true,
    result: { status: 'ok', database: target.kind },
  });
}

describe.runIf(target.kind === 'postgres')('PostgreSQL unreachable (D2: 503, never 500)', () => {
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let databaseName: string;
  let proxiedUrl: string;
  beforeAll(async () => {
    const real = new URL(adminUrl);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port) });
    database = await createTestDatabase({
      connectVia: (url) => {
        const viaProxy = new URL(url);
        databaseName = viaProxy.pathname.slice(1);
        viaProxy.host = `127.0.0.1:${proxy.port}`;
        proxiedUrl = viaProxy.toString();
        return proxiedUrl;
      },
    });
    app = await buildShop(database);
  });
  // A failed test must not leave the next one without its database.
  afterEach(() => proxy.restore());
  afterAll(async () => {
    await app.close();
    await proxy.close();
    await database.close();
  });

  it('answers 503 with Retry-After while the database is gone, and serves again once it is back', async () => {
    await expectServing(app);

    // Pooled connections are cut and new ones refused.
    await proxy.cut();
    await expectUnavailable(app);

    await proxy.restore();
    await expectServing(app);
  });

  /**
   * Starts `select pg_sleep(seconds)` on a pool of its own through the proxy
   * (so no connection the app's pool lost earlier gets in the way) and waits
   * until the server runs it; `ended` is how it ended.
   */
  async function startSleeping(seconds: number) {
    const pool = await openPostgres(proxiedUrl, 1);
    const query = `select pg_sleep(${seconds})`;
    const ended = pool.db
      .execute(sql.raw(query))
      .catch((error: unknown) => error)
      .finally(() => pool.close());
    await expect.poll(() => activeQueries(query, databaseName)).toBe(1);
    return { query, ended };
  }

  it('recognises a connection that dies under a running query', async () => {
    const sleeping = await startSleeping(5);
    await proxy.cut();
    const error = await sleeping.ended;
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises a server that terminates the connection (57P01)', async () => {
    // Another length than the test above, whose query the server may still be running.
    const sleeping = await startSleeping(6);
    await withAdmin((admin) =>
      admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where query = $1 and datname = $2',
        [sleeping.query, databaseName],
      ),
    );
    const error = await sleeping.ended;
    expect(error).toMatchObject({ cause: { code: '57P01' } });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe.runIf(target.kind === 'pglite')('embedded database closed (D2: 503, never 500)', () => {
  it('answers 503 with Retry-After once the database is closed', async () => {
    const database = await createTestDatabase();
    const app = await buildShop(database);
    try {
      await expectServing(app);
      await database.close();
      await expectUnavailable(app);
    } finally {
      await app.close();
    }
  });
});

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** How many connections to the database are running this query now. */
function activeQueries(query: string, databaseName: string): Promise<number> {
  return withAdmin(async (admin) => {
    const result = await admin.query(
      `select count(*)::int as n from pg_stat_activity
       where query = $1 and state = 'active' and datname = $2`,
      [query, databaseName],
    );
    return result.rows[0].n as number;
  });
}
