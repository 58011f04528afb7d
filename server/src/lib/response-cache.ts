import { createHash } from 'node:crypto';
import { type ContentCoding, encodeAll } from './content-coding.ts';

/** An answer as it goes on the wire: the serialized JSON and its strong ETag, hashed once. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  /** The body compressed, made once when the answer is kept (not for a big enough body). */
  encoded?: Partial<Record<ContentCoding, Buffer>>;
}

/**
 * Where the cache learns the version of what it holds. `fresh()` answers a
 * version no older than any write committed before the call (it may read the
 * database); `latest()` is the last one learned, without waiting.
 */
export interface VersionSource {
  fresh(): Promise<number>;
  latest(): number;
}

export interface ResponseCacheStats {
  enabled: boolean;
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  evictions: number;
  hitRatio: number;
}

export interface ResponseCache {
  /** The answer for `key`: from memory when computed under the current version, otherwise computed (and kept). */
  answer(key: string, compute: () => Promise<string>): Promise<CachedAnswer>;
  stats(): ResponseCacheStats;
}

/** What an entry costs beyond its body: the key, the ETag and the map's bookkeeping, roughly. */
const ENTRY_OVERHEAD_BYTES = 200;

export function toCachedAnswer(json: string): CachedAnswer {
  const body = Buffer.from(json);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, etag };
}

/** A key that names one query whatever the order of its fields or of a list's values. */
export function normalisedKey(name: string, parts: Record<string, unknown>): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted).sort();
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, field]) => field !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([field, inner]) => [field, sorted(inner)]),
      );
    }
    return value;
  };
  return `${name} ${JSON.stringify(sorted(parts))}`;
}

/**
 * A least-recently-used cache of ready-to-send answers within a byte budget
 * (0 keeps nothing; every answer is computed). Every entry belongs to one
 * version: when the version moves, all of them go, and an answer computed
 * while it moved is not kept, since it may show what was there before.
 */
export function createResponseCache(options: {
  maxBytes: number;
  version: VersionSource;
}): ResponseCache {
  const { maxBytes, version } = options;
  // A Map iterates in insertion order: a hit is moved to the end, the first is the least recently used.
  const entries = new Map<string, CachedAnswer>();
  const computing = new Map<string, Promise<CachedAnswer>>();
  let entriesVersion = Number.NaN;
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let evictions = 0;

  const sizeOf = (key: string, answer: CachedAnswer) =>
    answer.body.length +
    Object.values(answer.encoded ?? {}).reduce((sum, bytes) => sum + bytes.length, 0) +
    key.length * 2 +
    ENTRY_OVERHEAD_BYTES;

  function forget(key: string, answer: CachedAnswer): void {
    entries.delete(key);
    bytes -= sizeOf(key, answer);
  }

  function keep(key: string, answer: CachedAnswer): void {
    const size = sizeOf(key, answer);
    if (size > maxBytes) return;
    const old = entries.get(key);
    if (old) forget(key, old);
    entries.set(key, answer);
    bytes += size;
    for (const [oldestKey, oldest] of entries) {
      if (bytes <= maxBytes) break;
      forget(oldestKey, oldest);
      evictions += 1;
    }
  }

  return {
    async answer(key, compute) {
      if (maxBytes === 0) {
        misses += 1;
        return toCachedAnswer(await compute());
      }
      const current = await version.fresh();
      // Versions only grow: a request that learned an older one than the
      // entries (it asked before another learned the move) neither reads nor keeps.
      if (!(current <= entriesVersion)) {
        entries.clear();
        bytes = 0;
        entriesVersion = current;
      }
      const hit = current === entriesVersion ? entries.get(key) : undefined;
      if (hit) {
        hits += 1;
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      misses += 1;
      // Requests that miss one key under one version share one computation:
      // it began after that version was learned, so it shows all it counts.
      const flightKey = `${current} ${key}`;
      const inFlight = computing.get(flightKey);
      if (inFlight) return inFlight;
      const computed = compute().then((json) => {
        const answer = toCachedAnswer(json);
        if (version.latest() !== current || entriesVersion !== current) return answer;
        // Kept answers are sent many times: compress them once, not on every send.
        const kept = { ...answer, encoded: encodeAll(answer.body) };
        keep(key, kept);
        return kept;
      });
      computing.set(flightKey, computed);
      try {
        return await computed;
      } finally {
        computing.delete(flightKey);
      }
    },

    stats() {
      const reads = hits + misses;
      return {
        enabled: maxBytes > 0,
        entries: entries.size,
        bytes,
        maxBytes,
        hits,
        misses,
        evictions,
        hitRatio: reads === 0 ? 0 : hits / reads,
      };
    },
  };
}
