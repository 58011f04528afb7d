/**
 * `npm run bench:footprint`: how fast the shop starts and how much memory it
 * holds, beside the floor (bench/footprint-floor.ts: a bare process that opens
 * the same database and answers one route), measured in the same run, turn
 * about, so both see the same load on the machine.
 *
 * Per database: a first start on an empty database (migrations and seed),
 * then `--restarts` restarts of each on the existing database: start to the
 * first 200 of /api/v1/health (median, and the ratio to the floor's), RSS
 * idle `--settle` seconds after that, and RSS after `--requests` mixed page
 * and API requests (the last restart). The shop runs as `npm start` does
 * (package.json's start script); the floor compiled by esbuild.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildSync } from 'esbuild';
import { autocannon } from './autocannon.ts';
import { createScratchDatabase } from './scratch-database.ts';

const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite,postgres' },
    restarts: { type: 'string', default: '5' },
    requests: { type: 'string', default: '10000' },
    settle: { type: 'string', default: '5' },
    connections: { type: 'string', default: '8' },
  },
});
const RESTARTS = Number(options.restarts);
const REQUESTS = Number(options.requests);
const SETTLE_MS = Number(options.settle) * 1000;
const CONNECTIONS = Number(options.connections);
// A first start on a loaded machine (migrations and the seed on PGlite) takes minutes.
const START_TIMEOUT_MS = 600_000;

const root = fileURLToPath(new URL('..', import.meta.url));
const buildDir = join(root, 'bench', '.build');

/** `npm start`'s node arguments, read from package.json so the bench runs what a shop runs. */
function startArguments(): string[] {
  const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >;
  const [command, ...args] = (scripts.start ?? '').split(/\s+/);
  if (command !== 'node') throw new Error(`npm start is not a node command: ${scripts.start}`);
  return args;
}

function compileFloor(): string {
  const outfile = join(buildDir, 'footprint-floor.mjs');
  mkdirSync(buildDir, { recursive: true });
  buildSync({
    entryPoints: [join(root, 'bench/footprint-floor.ts')],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  return outfile;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The resident set of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kilobytes / 1024;
}

interface Running {
  child: ChildProcess;
  base: string;
  startMs: number;
  stop(): Promise<void>;
}

async function launch(args: string[], env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error(`${args.join(' ')} stopped before answering:\n${errors}`);
    if (performance.now() - began > START_TIMEOUT_MS) {
      child.kill('SIGKILL');
      throw new Error(`${args.join(' ')} did not answer in ${START_TIMEOUT_MS} ms`);
    }
    const status = await fetch(`${base}/api/v1/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await sleep(10);
  }
  const startMs = performance.now() - began;
  return {
    child,
    base,
    startMs,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Sample {
  startMs: number;
  idleMb: number;
}

interface Result {
  first: number;
  samples: Sample[];
  loadedMb?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Pages and API calls a shopper's visits make, in turn. */
async function mixedPaths(base: string): Promise<string[]> {
  const response = await fetch(`${base}/api/v1/product`);
  const body = await response.text();
  if (!response.ok) throw new Error(`The listing answered ${response.status}: ${body}`);
  const listing = JSON.parse(body) as { result: { results: { _id: string }[] } };
  const ids = listing.result.results.slice(0, 5).map((product) => product._id);
  return [
    '/',
    '/products',
    '/api/v1/product',
    '/api/v1/product/filters',
    '/api/v1/product?search=tshirt',
    '/api/v1/product?gender=Men&sortBy=priceAsc',
    '/api/v1/health',
    ...ids.flatMap((id) => [`/product/${id}`, `/api/v1/product/${id}`]),
  ];
}

/** `paths`: the shop's mixed pages and API calls, or the floor's one route. */
async function load(running: Running, paths: string[]): Promise<void> {
  const result = await autocannon({
    url: running.base,
    connections: CONNECTIONS,
    amount: REQUESTS,
    requests: paths.map((path) => ({ path })),
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) console.log(`  ${failures} of ${result.requests.total} requests failed`);
}

async function measure(
  args: string[],
  env: Record<string, string>,
  last: boolean,
  sample: Sample[],
  paths: (base: string) => Promise<string[]>,
): Promise<number | undefined> {
  const running = await launch(args, env);
  try {
    await sleep(SETTLE_MS);
    const pid = running.child.pid ?? 0;
    sample.push({ startMs: running.startMs, idleMb: rssMb(pid) });
    if (!last) return undefined;
    await load(running, await paths(running.base));
    await sleep(SETTLE_MS);
    return rssMb(pid);
  } finally {
    await running.stop();
  }
}

async function benchDatabase(name: string, env: Record<string, string>, floor: string) {
  const shopArgs = startArguments();
  const floorArgs = [floor];
  console.log(`${name}: first start (empty database: migrations and seed)`);
  const firstRun = await launch(shopArgs, env);
  await firstRun.stop();
  const shop: Result = { first: firstRun.startMs, samples: [] };
  const bare: Result = { first: 0, samples: [] };
  for (let round = 1; round <= RESTARTS; round += 1) {
    const last = round === RESTARTS;
    bare.loadedMb = await measure(floorArgs, env, last, bare.samples, async () => [
      '/api/v1/health',
    ]);
    shop.loadedMb = await measure(shopArgs, env, last, shop.samples, mixedPaths);
    const [f, s] = [bare.samples.at(-1), shop.samples.at(-1)];
    console.log(
      `  restart ${round}: floor ${f?.startMs.toFixed(0)} ms ${f?.idleMb.toFixed(0)} MB, shop ${s?.startMs.toFixed(0)} ms ${s?.idleMb.toFixed(0)} MB`,
    );
  }
  const row = (label: string, result: Result) => ({
    database: name,
    process: label,
    'start ms (median)': Math.round(median(result.samples.map((s) => s.startMs))),
    'start ms (min)': Math.round(Math.min(...result.samples.map((s) => s.startMs))),
    'idle RSS MB (median)': Math.round(median(result.samples.map((s) => s.idleMb))),
    [`RSS MB after ${REQUESTS} requests`]: Math.round(result.loadedMb ?? 0),
  });
  const shopRow = row('shop', shop);
  const floorRow = row('floor', bare);
  return {
    rows: [floorRow, shopRow],
    summary: `${name}: first start ${(shop.first / 1000).toFixed(2)} s; start ${(
      shopRow['start ms (median)'] / floorRow['start ms (median)']
    ).toFixed(2)}x the floor; idle RSS ${(
      shopRow['idle RSS MB (median)'] / floorRow['idle RSS MB (median)']
    ).toFixed(2)}x the floor`,
  };
}

async function main(): Promise<void> {
  const floor = compileFloor();
  const folder = mkdtempSync(join(tmpdir(), 'shop-footprint-'));
  const common = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '100000000',
    PAGE_RATE_LIMIT_PER_MINUTE: '100000000',
    MAX_CONNECTIONS_PER_ADDRESS: String(CONNECTIONS * 4),
    BACKUP_DIR: join(folder, 'backups'),
    BACKUP_EVERY_HOURS: '0',
  };
  const rows: Record<string, string | number>[] = [];
  const summaries: string[] = [];
  try {
    for (const name of (options.db ?? '').split(',').filter(Boolean)) {
      if (name === 'pglite') {
        const result = await benchDatabase(
          'PGlite',
          { ...common, DATA_DIR: join(folder, 'data') },
          floor,
        );
        rows.push(...result.rows);
        summaries.push(result.summary);
      } else if (name === 'postgres') {
        const serverUrl = process.env.BENCH_DATABASE_URL;
        if (!serverUrl) {
          console.log('PostgreSQL left out: BENCH_DATABASE_URL is not set');
          continue;
        }
        const result = await withScratchDatabase(serverUrl, (url) =>
          benchDatabase(
            'PostgreSQL',
            { ...common, DATA_DIR: join(folder, 'data-pg'), DATABASE_URL: url },
            floor,
          ),
        );
        rows.push(...result.rows);
        summaries.push(result.summary);
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  console.table(rows);
  for (const summary of summaries) console.log(summary);
}

/** A scratch database on the server BENCH_DATABASE_URL points at, dropped afterwards. */
async function withScratchDatabase<T>(serverUrl: string, use: (url: string) => Promise<T>) {
  const scratch = await createScratchDatabase(serverUrl, 'shop_footprint');
  try {
    return await use(scratch.url);
  } finally {
    await scratch.drop();
  }
}

await main();
