import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { Size } from '#contract';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/env.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import {
  createUnitsSoldTally,
  UNITS_SOLD_TALLY_DEFAULTS,
} from '#server/features/catalogue/units-sold-tally.ts';
import { autocannon } from './autocannon.ts';
import { benchFacets } from './facets.ts';
import { generateCatalogue } from './generate-catalogue.ts';
import { createScratchDatabase } from './scratch-database.ts';

/**
 * `npm run bench`: the catalogue under load (autocannon), cold (read cache
 * off: every request queries) and warm (the read cache on, decision 026), on
 * PGlite and PostgreSQL, on 1,000 and 100,000 products, and a warm read mix
 * with one checkout's stock take per 50 reads (each amends the answers that
 * show its product, decision 026). Load generator and server share the
 * machine, so the number to read is the ratio to a bare Fastify route sending
 * the same bytes from memory, measured in the same run. Options pick a subset (see README).
 */

const USAGE = `npm run bench -- [options]
  --products 1000,100000    catalogue sizes (default both)
  --db pglite,postgres      databases (default both; postgres needs BENCH_DATABASE_URL)
  --cache cold,warm         read cache off / on (default both)
  --only listing,search     scenarios whose name contains one of these (default all)
  --connections 32          concurrent connections (default 32)
  --duration 5              seconds per scenario, after 1 s of warm-up (default 5)
  --no-write-mix            leave out the read mix with 1 checkout per 50 reads`;

const { values: options } = parseArgs({
  options: {
    products: { type: 'string', default: '1000,100000' },
    db: { type: 'string', default: 'pglite,postgres' },
    cache: { type: 'string', default: 'cold,warm' },
    only: { type: 'string' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '5' },
    'no-write-mix': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
const list = (value: string | undefined) => (value ?? '').split(',').filter(Boolean);
const CONNECTIONS = Number(options.connections);
const DURATION_SECONDS = Number(options.duration);
const SIZES_TO_RUN = list(options.products).map(Number);
const CACHE_MODES = list(options.cache);
const ONLY = list(options.only);

const LISTING_4_FILTERS =
  '/api/v1/product?gender=Men,Unisex&size=M,L&minPrice=400&maxPrice=2500&rating=3&sortBy=priceAsc';
/** What each scenario asks; `{detail}` is a product of the catalogue. */
const READS: [string, string][] = [
  ['listing, default', '/api/v1/product'],
  ['listing, 4 filters', LISTING_4_FILTERS],
  ['listing, page 2000', '/api/v1/product?page=2000'],
  ["search 'tshirt'", '/api/v1/product?search=tshirt'],
  ["search 'tshrt'", '/api/v1/product?search=tshrt'],
  ['detail', '{detail}'],
  ['filters', '/api/v1/product/filters'],
];
const BARE = 'bare Fastify, same body';
const WRITE_MIX = 'warm, 1 checkout per 50 reads';
const READS_PER_WRITE = 50;

interface Target {
  name: string;
  /** Opens an empty database; returns it and what DATABASE_URL the app should see. */
  open(
    dataDir: string,
  ): Promise<{ database: DatabaseHandle; url?: string; drop?: () => Promise<void> }>;
}

interface Row {
  database: string;
  products: number;
  scenario: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

const pglite: Target = {
  name: 'PGlite',
  open: async (dataDir) => ({ database: await openDatabase({ databaseUrl: undefined, dataDir }) }),
};

/** A scratch database on the server BENCH_DATABASE_URL points at, dropped afterwards. */
function postgres(serverUrl: string): Target {
  return {
    name: 'PostgreSQL',
    open: async (dataDir) => {
      const scratch = await createScratchDatabase(serverUrl, 'shop_bench');
      return {
        database: await openDatabase({ databaseUrl: scratch.url, dataDir }),
        url: scratch.url,
        drop: scratch.drop,
      };
    },
  };
}

async function fetchOk(url: string): Promise<string> {
  const response = await fetch(url);
  const body = await response.text();
  if (!response.ok)
    throw new Error(`GET ${url} answered ${response.status}: ${body.slice(0, 200)}`);
  return body;
}

function wanted(scenario: string): boolean {
  return ONLY.length === 0 || ONLY.some((part) => scenario.includes(part));
}

async function benchTarget(target: Target, folder: string, products: number): Promise<Row[]> {
  const dataDir = join(folder, `${target.name.toLowerCase()}-${products}`);
  const { database, url, drop } = await target.open(dataDir);
  const bare = Fastify();
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  const label = `${target.name} ${products}`;
  // As `npm start` runs it: the write mix's sales reach the best sellers every few seconds.
  const unitsSoldTally = createUnitsSoldTally(
    createCatalogueService(database.db),
    UNITS_SOLD_TALLY_DEFAULTS,
  );
  try {
    await database.migrate();
    const started = performance.now();
    await generateCatalogue(database.db, products);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${label}: generated ${products} products in ${seconds} s`);

    // autocannon drops its sockets when a run ends while the shop may still be
    // answering them: count unfinished requests so the next run (and closing) waits.
    const unfinished = new Set<string>();
    let answered = 0;
    /** The shop on this database, listening, with the read cache given this many MiB. */
    const startShop = async (cacheMb: string) => {
      const config = loadConfig({
        ...process.env,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
        // Every connection of the load comes from this one address.
        MAX_CONNECTIONS_PER_ADDRESS: String(CONNECTIONS * 2),
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        CATALOGUE_CACHE_MB: cacheMb,
      });
      const app = await buildApp({ config, database });
      apps.push(app);
      // Callback hooks, not async ones: the count must cost the shop little more than the bare route.
      app.addHook('onRequest', (request, _reply, done) => {
        unfinished.add(request.id);
        done();
      });
      // onSend, not onResponse: a request whose socket autocannon closed gets no onResponse.
      app.addHook('onSend', (request, _reply, payload, done) => {
        unfinished.delete(request.id);
        answered += 1;
        done(null, payload);
      });
      return app.listen({ host: '127.0.0.1', port: 0 });
    };
    unitsSoldTally.start();
    const shops: Record<string, string> = {};
    for (const mode of CACHE_MODES) shops[mode] = await startShop(mode === 'cold' ? '0' : '64');
    const any = Object.values(shops)[0];
    if (!any) throw new Error('No cache mode to run: --cache cold,warm');
    const listing = await fetchOk(any + LISTING_4_FILTERS);
    const first = (JSON.parse(listing) as { result: { results: { _id: string }[] } }).result
      .results[0];
    if (!first) throw new Error('The listing found no product');
    const pathOf = (path: string) => path.replace('{detail}', `/api/v1/product/${first._id}`);

    // The 4-filter listing's own bytes, with the content type the shop sends.
    const body = Buffer.from(listing);
    bare.get('/bare', (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(body),
    );
    const baseline = await bare.listen({ host: '127.0.0.1', port: 0 });

    const settle = async () => {
      for (let waited = 0; unfinished.size > 0 && waited < 120_000; waited += 50) await sleep(50);
    };
    const rows: Row[] = [];
    const measure = async (scenario: string, base: string, paths: string[]) => {
      console.log(`${label}: ${scenario}, ${DURATION_SECONDS} s`);
      const run = (duration: number) =>
        autocannon({
          url: base,
          // One worker thread sends the load, so the servers keep this thread to themselves.
          workers: 1,
          connections: CONNECTIONS,
          duration,
          requests: paths.map((path) => ({ path })),
        });
      await run(1);
      await settle();
      const result = await run(DURATION_SECONDS);
      await settle();
      rows.push({
        database: target.name,
        products,
        scenario,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failures: result.non2xx + result.errors + result.timeouts,
      });
    };

    // The baseline runs first, while nothing is queued in the shop.
    await measure(BARE, baseline, ['/bare']);
    for (const [name, path] of READS) {
      for (const mode of CACHE_MODES) {
        const scenario = `${name}, ${mode}`;
        if (wanted(scenario)) await measure(scenario, shops[mode] ?? '', [pathOf(path)]);
      }
    }
    if (!options['no-write-mix'] && shops.warm && wanted(WRITE_MIX)) {
      const paths = READS.map(([, path]) => pathOf(path));
      const writes = await writeEveryFiftyReads(database, () => answered);
      await measure(WRITE_MIX, shops.warm, paths);
      console.log(`${label}: ${await writes.stop()} checkouts during the write mix`);
    }
    return rows;
  } finally {
    await unitsSoldTally.stop();
    for (const app of apps) await app.close();
    await bare.close();
    await database.close();
    await drop?.();
  }
}

/**
 * While the reads run, takes one unit of stock as a checkout does (the
 * catalogue service's stock take, in a transaction, bumping the catalogue
 * version) each time 50 more reads have been answered.
 */
async function writeEveryFiftyReads(database: DatabaseHandle, answered: () => number) {
  const catalogue = createCatalogueService(database.db);
  const rows = (await database.db.execute(
    sql`select product_id, size from product_stock where stock > 0 limit 2000`,
  )) as unknown as { rows: { product_id: string; size: Size }[] };
  const lines = rows.rows.map((row) => ({
    productId: row.product_id,
    size: row.size,
    quantity: 1,
  }));
  let running = true;
  let writes = 0;
  const start = answered();
  const loop = (async () => {
    while (running) {
      if ((answered() - start) / READS_PER_WRITE <= writes) {
        await sleep(1);
        continue;
      }
      const line = lines[writes % lines.length];
      if (!line) return;
      await database.db.transaction((tx) => catalogue.takeStockFor(tx, [line]));
      writes += 1;
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return writes;
    },
  };
}

/** A ratio as a percentage with two significant digits: 100%, 21%, 0.21%, 0.0039%. */
function share(ratio: number): string {
  const percent = ratio * 100;
  return `${percent >= 10 ? percent.toFixed(0) : percent.toPrecision(2)}%`;
}

function printTable(rows: Row[]): void {
  const header = [
    'database',
    'products',
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs bare',
    'fail',
  ];
  const lines = rows.map((row) => {
    const bare = rows.find(
      (other) =>
        other.database === row.database &&
        other.products === row.products &&
        other.scenario === BARE,
    );
    const ratio = bare ? row.requestsPerSecond / bare.requestsPerSecond : Number.NaN;
    return [
      row.database,
      String(row.products),
      row.scenario,
      row.requestsPerSecond.toFixed(0),
      row.p50.toFixed(0),
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
        column === 0 || column === 2
          ? cell.padEnd(widths[column] ?? 0)
          : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario\n${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`,
  );
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const targets: Target[] = [];
  for (const name of list(options.db)) {
    if (name === 'pglite') targets.push(pglite);
    else if (name === 'postgres' && process.env.BENCH_DATABASE_URL)
      targets.push(postgres(process.env.BENCH_DATABASE_URL));
    else if (name === 'postgres') console.log('PostgreSQL left out: BENCH_DATABASE_URL is not set');
    else throw new Error(`Unknown --db ${name}\n${USAGE}`);
  }
  const folder = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const rows: Row[] = [];
  try {
    for (const products of SIZES_TO_RUN) {
      for (const target of targets) rows.push(...(await benchTarget(target, folder, products)));
    }
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
