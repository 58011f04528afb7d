import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/env.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { benchFacets } from './facets.ts';
import { generateCatalogue } from './generate-catalogue.ts';

/**
 * `npm run bench`: the catalogue listing, search and detail under load, on 10k
 * products, each cold (read cache off, every request queries) and warm (the
 * catalogue read cache on, decision 014), on PGlite (a fresh temp folder) and on PostgreSQL when
 * BENCH_DATABASE_URL is set (a scratch database is created there and dropped
 * after). Load generator and server share the machine, so the number to read
 * is the ratio to a bare Fastify route serving a body of the same size,
 * measured in the same run. BENCH_DURATION sets the seconds per scenario.
 */

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  workers?: number;
}) => Promise<AutocannonResult>;

// autocannon is CommonJS and ships no types: load it with require and type what we use.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const PRODUCTS = 10_000;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const LISTING =
  '/api/v1/product?gender=Men,Unisex&size=M,L&minPrice=400&maxPrice=2500&rating=3&sortBy=priceAsc&limit=24';
const SEARCH = '/api/v1/product?search=tshrt&limit=24';
const BARE = 'bare Fastify, same body';

interface Target {
  name: string;
  /** Opens the database; returns it and what DATABASE_URL the app should see. */
  open(
    dataDir: string,
  ): Promise<{ database: DatabaseHandle; url?: string; drop?: () => Promise<void> }>;
}

interface Row {
  database: string;
  scenario: string;
  requestsPerSecond: number;
  p99: number;
  failures: number;
}

const pglite: Target = {
  name: 'PGlite',
  open: async (dataDir) => ({ database: await openDatabase({ databaseUrl: undefined, dataDir }) }),
};

/** A scratch database on the server BENCH_DATABASE_URL points at, dropped afterwards. */
function postgres(serverUrl: string): Target {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'PostgreSQL',
    open: async (dataDir) => {
      const name = `shop_bench_${randomBytes(4).toString('hex')}`;
      await admin(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return {
        database: await openDatabase({ databaseUrl: url.toString(), dataDir }),
        url: url.toString(),
        drop: () => admin(`drop database if exists ${name} with (force)`),
      };
    },
  };
}

/** A JSON body of exactly `bytes` bytes (or the smallest one, if that is more). */
function jsonOfSize(bytes: number): string {
  const empty = JSON.stringify({ success: true, result: { padding: '' } });
  return JSON.stringify({
    success: true,
    result: { padding: 'x'.repeat(Math.max(0, bytes - empty.length)) },
  });
}

/**
 * Warms up for 2 s, then measures. After each run `settle` waits for the
 * requests the server is still answering, so they do not slow the next run.
 */
async function load(url: string, settle: () => Promise<unknown>): Promise<AutocannonResult> {
  // One worker thread sends the load, so the servers keep this thread to themselves.
  await autocannon({ url, connections: 10, duration: 2, workers: 1 });
  await settle();
  const result = await autocannon({ url, connections: 10, duration: DURATION_SECONDS, workers: 1 });
  await settle();
  return result;
}

async function fetchOk(url: string): Promise<string> {
  const response = await fetch(url);
  const body = await response.text();
  if (!response.ok)
    throw new Error(`GET ${url} answered ${response.status}: ${body.slice(0, 200)}`);
  return body;
}

async function benchTarget(target: Target, folder: string): Promise<Row[]> {
  const dataDir = join(folder, target.name.toLowerCase());
  const { database, url, drop } = await target.open(dataDir);
  const bare = Fastify();
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  try {
    await database.migrate();
    const started = performance.now();
    await generateCatalogue(database.db, PRODUCTS);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${target.name}: generated ${PRODUCTS} products in ${seconds} s`);

    // autocannon drops its sockets when a run ends while the shop may still be
    // answering them: count unfinished requests so the next run (and closing) waits.
    const unfinished = new Set<string>();
    /** The shop on this database, listening, with the read cache given this many MiB. */
    const startShop = async (cacheMb: string) => {
      const config = loadConfig({
        ...process.env,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        CATALOGUE_CACHE_MB: cacheMb,
      });
      const app = await buildApp({ config, database });
      apps.push(app);
      app.addHook('onRequest', async (request) => {
        unfinished.add(request.id);
      });
      app.addHook('onSend', async (request) => {
        unfinished.delete(request.id);
      });
      return app.listen({ host: '127.0.0.1', port: 0 });
    };
    const cold = await startShop('0');
    const warm = await startShop(process.env.CATALOGUE_CACHE_MB ?? '64');
    const listing = await fetchOk(cold + LISTING);
    const found = JSON.parse(await fetchOk(cold + SEARCH)) as { result: { total: number } };
    const first = (JSON.parse(listing) as { result: { results: { _id: string }[] } }).result
      .results[0];
    if (!first) throw new Error('The listing found no product');
    const detail = `/api/v1/product/${first._id}`;
    console.log(
      `${target.name}: listing body ${Buffer.byteLength(listing)} bytes; 'tshrt' finds ${found.result.total}`,
    );

    const body = jsonOfSize(Buffer.byteLength(listing));
    bare.get('/bare', (_request, reply) => reply.type('application/json').send(body));
    const baseline = await bare.listen({ host: '127.0.0.1', port: 0 });

    // The baseline runs first, while nothing is queued in the shop.
    const scenarios: [string, string][] = [
      [BARE, `${baseline}/bare`],
      ['listing (filters, priceAsc), cold', cold + LISTING],
      ['listing (filters, priceAsc), warm', warm + LISTING],
      ["search 'tshrt', cold", cold + SEARCH],
      ["search 'tshrt', warm", warm + SEARCH],
      ['detail, cold', cold + detail],
      ['detail, warm', warm + detail],
    ];
    const settle = async () => {
      for (let waited = 0; unfinished.size > 0 && waited < 120_000; waited += 50) await sleep(50);
    };
    const rows: Row[] = [];
    for (const [scenario, scenarioUrl] of scenarios) {
      console.log(`${target.name}: ${scenario} for ${DURATION_SECONDS} s`);
      const result = await load(scenarioUrl, settle);
      rows.push({
        database: target.name,
        scenario,
        requestsPerSecond: result.requests.average,
        p99: result.latency.p99,
        failures: result.non2xx + result.errors + result.timeouts,
      });
    }
    await settle();
    return rows;
  } finally {
    for (const app of apps) await app.close();
    await bare.close();
    await database.close();
    await drop?.();
  }
}

/** A ratio as a percentage with two significant digits: 100%, 21%, 0.21%, 0.0039%. */
function share(ratio: number): string {
  const percent = ratio * 100;
  return `${percent >= 10 ? percent.toFixed(0) : percent.toPrecision(2)}%`;
}

function printTable(rows: Row[]): void {
  const header = ['database', 'scenario', 'req/s', 'p99 ms', 'vs bare', 'failed'];
  const lines = rows.map((row) => {
    const bare = rows.find((other) => other.database === row.database && other.scenario === BARE);
    const ratio = bare ? row.requestsPerSecond / bare.requestsPerSecond : Number.NaN;
    return [
      row.database,
      row.scenario,
      row.requestsPerSecond.toFixed(0),
      row.p99.toFixed(0),
      share(ratio),
      String(row.failures),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(`\n${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
  const targets = [pglite];
  if (process.env.BENCH_DATABASE_URL) targets.push(postgres(process.env.BENCH_DATABASE_URL));
  const folder = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const rows: Row[] = [];
  try {
    for (const target of targets) rows.push(...(await benchTarget(target, folder)));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  printTable(rows);
  // Issue 16: facet counts at 100,000 products, cold, one connection.
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    const target = postgres(serverUrl);
    const { database, url, drop } = await target.open(tmpdir());
    await database.close();
    try {
      await benchFacets(url ?? serverUrl);
    } finally {
      await drop?.();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
