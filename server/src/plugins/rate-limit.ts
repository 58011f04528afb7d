import rateLimit, { type FastifyRateLimitStore, normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitsService } from '#server/features/rate-limits/rate-limits.service.ts';

const API_LIMIT = 'api';
/** The limit on pages (issue 23): a budget of its own, beside the API's. */
const PAGE_LIMIT = 'pages';
/** Both per-address limits count per minute. */
const WINDOW_MS = 60_000;
/** How often each process writes its API-wide hits to the shared counters. */
const SYNC_INTERVAL_MS = 1000;
/**
 * The part of the API-wide limit a process may hand out on one key without
 * asking the database: 5%, so with P processes a key gets at most
 * max + (P - 1) × ceil(5% × max) requests a window (see BatchedCounters).
 */
export const LOCAL_SHARE = 0.05;
const CLEANUP_INTERVAL_MS = 60_000;

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type Count = { current: number; ttl: number };

/**
 * Rate limits every process shares (D30; docs/decisions/009), in two kinds:
 * - Route limits (the tight ones on public writes: contact, newsletter) are
 *   counted exactly, one atomic upsert per request: they are rare.
 * - The API-wide limit per client address runs on every request, so it must
 *   not cost a database round trip each: BatchedCounters counts in memory and
 *   syncs with the shared table in batches (the pages' limit too,
 *   createPageRateLimit).
 */
export async function registerRateLimit(
  api: FastifyInstance,
  limits: RateLimitsService,
  perMinute: number,
): Promise<void> {
  const apiWide = new BatchedCounters(limits, api.log, API_LIMIT);
  const cleanup = setInterval(() => {
    limits.deleteExpired().catch(() => api.log.warn('expired rate-limit counters not deleted'));
  }, CLEANUP_INTERVAL_MS).unref();
  api.addHook('onClose', async () => {
    clearInterval(cleanup);
    await apiWide.close();
  });

  class SharedStore implements FastifyRateLimitStore {
    incr(key: string, callback: StoreCallback, _windowMs: number, max: number) {
      settle(apiWide.hit(key, max), callback);
    }

    child(options: unknown): FastifyRateLimitStore {
      // The plugin passes the route's merged options, with the route under routeInfo.
      const { method, url } = (options as { routeInfo: { method: string; url: string } }).routeInfo;
      return new RouteStore(limits, `${method} ${url}`);
    }
  }

  await api.register(rateLimit, {
    max: perMinute,
    timeWindow: WINDOW_MS,
    store: SharedStore,
    keyGenerator: clientKey,
    allowList: (_request, key) => key === DISCONNECTED,
  });
}

/**
 * A client whose socket closed before the limit ran has no address any more
 * (request.ip is undefined, and the plugin's own key generator threw on it,
 * logged as a 500): there is nobody to answer, so it is not counted.
 */
const DISCONNECTED = '';

function clientKey(request: FastifyRequest): string {
  return request.ip === undefined ? DISCONNECTED : normalizeIP(request.ip);
}

function settle(count: Promise<Count>, callback: StoreCallback): void {
  count.then(
    (result) => callback(null, result),
    (error: Error) => callback(error),
  );
}

/** One route's own limit, counted exactly in the shared table. */
class RouteStore implements FastifyRateLimitStore {
  constructor(
    private readonly limits: RateLimitsService,
    private readonly name: string,
  ) {}

  incr(key: string, callback: StoreCallback, windowMs: number): void {
    settle(
      this.limits.count(this.name, windowMs, [{ key, count: 1 }]).then(([state]) => {
        if (!state) throw new Error('The rate-limit counter was not written');
        return { current: state.hits, ttl: state.ttlMs };
      }),
      callback,
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

interface LocalCounter {
  /** The shared total at this process's last sync: every process's hits. */
  synced: number;
  /** Hits accepted here since, in the sync under way. */
  sending: number;
  /** Hits accepted here that no sync has taken yet. */
  unsent: number;
  /** When the window ends, by this process's clock (from the database's answer). */
  expiresAt: number;
}

/** Another page for this client now, or not before this many seconds. */
export type PageAdmission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The per-address limit on the web app's pages (the server renders them, a
 * few catalogue reads each; issue 23). Counted like the API-wide limit,
 * shared by every process through the same table, under a name of its own.
 */
export function createPageRateLimit(
  app: FastifyInstance,
  limits: RateLimitsService,
  perMinute: number,
): (request: FastifyRequest) => Promise<PageAdmission> {
  const counters = new BatchedCounters(limits, app.log, PAGE_LIMIT);
  app.addHook('onClose', () => counters.close());
  return async (request) => {
    const key = clientKey(request);
    if (key === DISCONNECTED) return { allowed: true };
    const { current, ttl } = await counters.hit(key, perMinute);
    return current <= perMinute
      ? { allowed: true }
      : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  };
}

/**
 * A per-address limit (the API-wide one, the pages' one), shared by every
 * process without a database round trip per request. Each process counts its own hits per key in memory and writes
 * them to the shared table every SYNC_INTERVAL_MS, in one statement, getting
 * each key's total back. A request is allowed when
 *   synced total + hits accepted here but not yet synced < max,
 * and a process accepts at most `share` = ceil(LOCAL_SHARE × max) unsynced
 * hits on one key: the next request waits for a sync first.
 *
 * Worst-case overshoot: the last hit accepted anywhere (by process Z) passed
 * synced_Z + unsynced_Z < max, and synced_Z counts every hit any process had
 * written before Z's last sync; what Z could not see are the other processes'
 * unsynced hits, at most `share` each. So a key gets at most
 *   max + (P - 1) × share   requests per window with P processes
 * (1 process: exactly max; 2 processes at 1000/min: 1050). Windows are fixed
 * from a key's first hit, so a client can still send up to that twice across
 * a window boundary, as with any fixed window. Refused requests are not
 * counted, so a client held at the limit costs no database work.
 *
 * If the database cannot be reached, each process limits on what it knows
 * (as per-process counters did) and retries the sync every interval.
 */
class BatchedCounters {
  private readonly counters = new Map<string, LocalCounter>();
  private syncing: Promise<boolean> | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly limits: RateLimitsService,
    private readonly log: FastifyBaseLogger,
    private readonly name: string,
  ) {
    this.timer = setInterval(() => void this.sync(), SYNC_INTERVAL_MS).unref();
  }

  async hit(key: string, max: number): Promise<Count> {
    const share = Math.max(1, Math.ceil(max * LOCAL_SHARE));
    let counter = this.counterFor(key);
    while (counter.sending + counter.unsent >= share && total(counter) < max) {
      if (!(await this.sync())) break;
      counter = this.counterFor(key);
    }
    const current = total(counter) + 1;
    if (current <= max) counter.unsent += 1;
    return { current, ttl: Math.max(0, counter.expiresAt - Date.now()) };
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
  }

  private counterFor(key: string): LocalCounter {
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter || counter.expiresAt <= now) {
      counter = { synced: 0, sending: 0, unsent: 0, expiresAt: now + WINDOW_MS };
      this.counters.set(key, counter);
    }
    return counter;
  }

  /** Writes the unsent hits, one sync at a time; false when the database did not answer. */
  private sync(): Promise<boolean> {
    this.syncing ??= this.write().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  private async write(): Promise<boolean> {
    const now = Date.now();
    const batch: [string, LocalCounter][] = [];
    for (const [key, counter] of this.counters) {
      if (counter.unsent > 0) batch.push([key, counter]);
      else if (counter.expiresAt <= now && counter.sending === 0) this.counters.delete(key);
    }
    if (batch.length === 0) return true;
    // Every process locks the rows in one order, so two syncs never deadlock.
    batch.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [, counter] of batch) {
      counter.sending = counter.unsent;
      counter.unsent = 0;
    }
    try {
      const states = await this.limits.count(
        this.name,
        WINDOW_MS,
        batch.map(([key, counter]) => ({ key, count: counter.sending })),
      );
      const answered = Date.now();
      for (const state of states) {
        const counter = this.counters.get(state.key);
        if (!counter) continue;
        counter.synced = state.hits;
        counter.sending = 0;
        counter.expiresAt = answered + state.ttlMs;
      }
      return true;
    } catch {
      for (const [, counter] of batch) {
        counter.unsent += counter.sending;
        counter.sending = 0;
      }
      // No error details: a failed query's text carries client addresses.
      this.log.warn(
        `'${this.name}' rate-limit counters not synced; limiting per process meanwhile`,
      );
      return false;
    }
  }
}

const total = (counter: LocalCounter) => counter.synced + counter.sending + counter.unsent;
