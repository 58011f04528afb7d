import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { withDatabase } from './global-setup.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 45_000;

/** How a shop process runs: from the sources (tsx), as tests run it, or compiled, as `npm start` does. */
export const SHOP_FROM_SOURCES = ['--import', 'tsx', 'server/src/server.ts'];
export const SHOP_COMPILED = ['server/dist/server.mjs'];

/** A real shop process (SHOP_FROM_SOURCES unless told) listening on a port of its own. */
export interface ShopProcess {
  /** Its base URL, e.g. http://127.0.0.1:41234. */
  base: string;
  /** Everything it wrote to stdout and stderr so far (pino JSON lines). */
  output(): string;
  /** SIGTERM, and waits for it to exit. */
  stop(): Promise<void>;
  /** SIGKILL (kill -9): no shutdown code runs; waits for it to be gone. */
  kill(): Promise<void>;
}

/**
 * The PostgreSQL URL of a test file's own database (createTestDatabase), for
 * processes that must share it. Throws on PGlite: two processes cannot share
 * one embedded database.
 */
export async function databaseUrlOf(db: Database): Promise<string> {
  const target = inject('testDatabase');
  if (target.kind !== 'postgres') throw new Error('Shop processes need the PostgreSQL tests');
  const result = await db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  if (!row) throw new Error('No database name');
  return withDatabase(target.url, row.name);
}

/**
 * Starts `count` shop processes on one database, each with its own pg pool,
 * and resolves once every one listens (its "Shop listening at" log line
 * gives the port) and answers /api/v1/health. Set up data first: a process
 * seeds an empty catalogue. `env` adds to or overrides the defaults (e.g.
 * RATE_LIMIT_PER_MINUTE, or TRUST_PROXY to send X-Forwarded-For).
 */
export async function startShopProcesses(
  count: number,
  databaseUrl: string,
  env: Record<string, string> = {},
  command = SHOP_FROM_SOURCES,
): Promise<ShopProcess[]> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startShopProcess(databaseUrl, env, command)),
  );
  const processes = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopShopProcesses(processes);
    throw failure.reason;
  }
  return processes;
}

export async function stopShopProcesses(processes: ShopProcess[]): Promise<void> {
  await Promise.all(processes.map((process) => process.stop()));
}

function startShopProcess(
  databaseUrl: string,
  env: Record<string, string>,
  command: string[],
): Promise<ShopProcess> {
  const child = spawn(process.execPath, command, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '100000',
      PAGE_RATE_LIMIT_PER_MINUTE: '100000',
      SIGNUP_LIMIT_PER_HOUR: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearInterval(poll);
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${reason}:\n${output}`));
    };
    const timer = setTimeout(() => fail('The shop process did not start'), START_TIMEOUT_MS);
    const poll = setInterval(() => {
      if (child.exitCode !== null) return fail(`The shop process exited with ${child.exitCode}`);
      const listening = /Shop listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!listening?.[1]) return;
      clearInterval(poll);
      const base = listening[1];
      fetch(`${base}/api/v1/health`).then(
        (health) => {
          clearTimeout(timer);
          if (!health.ok) return fail(`The shop process answered health with ${health.status}`);
          resolve({
            base,
            output: () => output,
            stop: () => stop(child, exited),
            kill: async () => {
              child.kill('SIGKILL');
              await exited;
            },
          });
        },
        (error: Error) => fail(`The shop process did not answer health: ${error.message}`),
      );
    }, 50);
  });
}

async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
}
