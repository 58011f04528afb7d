import { createHash } from 'node:crypto';
import { type ContentCoding, encode } from './content-coding.ts';

/** An answer as it goes on the wire: the serialized JSON and its strong ETag, hashed once. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  /**
   * For a kept answer: the body in this coding, compressed on the first
   * request that asks for it and kept with the answer (undefined for a body
   * too small to gain). Absent: the answer is not kept; compress as usual.
   */
  encodedAs?: (coding: ContentCoding) => Buffer | undefined;
}

/**
 * What the versions after one changed: the tags they touched, and for some of
 * them how to bring an answer showing that tag up to date without computing
 * it again. An amendment edits the answer's JSON value in place and says
 * whether it could (false: compute the answer again).
 */
export interface Changes {
  tags: ReadonlySet<string>;
  amendments: ReadonlyMap<string, (value: unknown) => boolean>;
}

/**
 * Where the cache learns the version of what it holds. `fresh()` answers a
 * version no older than any write committed before the call (it may read the
 * database); `latest()` is the last one learned, without waiting;
 * `changedSince(from, to)` what the versions after `from` up to `to`
 * changed, or `everything` when any of them may have changed anything (or
 * what it changed is not known).
 */
export interface VersionSource {
  fresh(): Promise<number>;
  latest(): number;
  changedSince(from: number, to: number): Changes | 'everything';
}

/** A computed answer: its JSON and the tags of what it shows (none given: it may show anything). */
export interface ComputedAnswer {
  json: string;
  tags?: string[];
}

export interface ResponseCacheStats {
  enabled: boolean;
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  /** Entries a change brought up to date in memory instead of forgetting them. */
  amended: number;
  evictions: number;
  hitRatio: number;
}

export interface ResponseCache {
  /** The answer for `key`: from memory when still valid, otherwise computed (and kept). */
  answer(key: string, compute: () => Promise<ComputedAnswer>): Promise<CachedAnswer>;
  /** The answer for `key` if memory holds a valid one (a hit); nothing is computed. */
  cached(key: string): Promise<CachedAnswer | undefined>;
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

/** The tag an entry computed without tags goes under: every change touches it. */
const ANY = '\u0000any';

/** A kept answer: its bytes, the tags of what it shows, and the codings made of it so far. */
interface Entry {
  answer: CachedAnswer;
  tags: string[];
  encodings: Partial<Record<ContentCoding, Buffer | undefined>>;
}

/**
 * A least-recently-used cache of ready-to-send answers within a byte budget
 * (0 keeps nothing; every answer is computed). Entries are valid for the
 * version they were computed under and every later one whose changes touch
 * none of their tags: when the version moves, the entries with a touched tag
 * are amended when the change says how for every tag of theirs it touched,
 * and forgotten otherwise (all of them when a change may have touched
 * anything); an answer computed while it moved is kept only if no change
 * since touched it.
 */
export function createResponseCache(options: {
  maxBytes: number;
  version: VersionSource;
}): ResponseCache {
  const { maxBytes, version } = options;
  // A Map iterates in insertion order: a hit is moved to the end, the first is the least recently used.
  const entries = new Map<string, Entry>();
  /** Which keys hold each tag. */
  const keysByTag = new Map<string, Set<string>>();
  const computing = new Map<string, Promise<CachedAnswer>>();
  let entriesVersion = Number.NaN;
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let amended = 0;
  let evictions = 0;

  const sizeOf = (key: string, entry: Entry) =>
    entry.answer.body.length +
    Object.values(entry.encodings).reduce((sum, encoded) => sum + (encoded?.length ?? 0), 0) +
    key.length * 2 +
    ENTRY_OVERHEAD_BYTES;

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= sizeOf(key, entry);
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  }

  function evictPastBudget(): void {
    for (const oldestKey of entries.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldestKey);
      evictions += 1;
    }
  }

  /**
   * The entry for an answer: its codings are made when first asked for
   * (most clients of a kept answer ask the same one or two) and count in the
   * budget while the entry is kept.
   */
  function entryOf(key: string, json: string, tags: string[]): Entry {
    const entry: Entry = { answer: toCachedAnswer(json), tags, encodings: {} };
    entry.answer.encodedAs = (coding) => {
      if (coding in entry.encodings) return entry.encodings[coding];
      const encoded = encode(entry.answer.body, coding);
      entry.encodings[coding] = encoded;
      if (entries.get(key) === entry) {
        bytes += encoded?.length ?? 0;
        evictPastBudget();
      }
      return encoded;
    };
    return entry;
  }

  function keep(key: string, entry: Entry): void {
    const size = sizeOf(key, entry);
    if (size > maxBytes) return;
    forget(key);
    entries.set(key, entry);
    bytes += size;
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag) ?? new Set();
      keys.add(key);
      keysByTag.set(tag, keys);
    }
    evictPastBudget();
  }

  /** Brings an entry up to date by these edits in place of computing it again; false if one could not. */
  function amend(key: string, edits: ((value: unknown) => boolean)[]): boolean {
    const entry = entries.get(key);
    if (!entry) return true;
    const value: unknown = JSON.parse(entry.answer.body.toString());
    if (!edits.every((edit) => edit(value))) return false;
    const updated = entryOf(key, JSON.stringify(value), entry.tags);
    // Set again under the same key: the entry keeps its place in the LRU order.
    entries.set(key, updated);
    bytes += sizeOf(key, updated) - sizeOf(key, entry);
    amended += 1;
    return true;
  }

  /** Brings the entries to version `current`: amends or forgets what the changes since touched. */
  function moveTo(current: number): void {
    const changed = Number.isNaN(entriesVersion)
      ? 'everything'
      : version.changedSince(entriesVersion, current);
    entriesVersion = current;
    if (changed === 'everything') {
      entries.clear();
      keysByTag.clear();
      bytes = 0;
      return;
    }
    /** Each touched entry's edits, or null once one of its touched tags has none. */
    const touched = new Map<string, ((value: unknown) => boolean)[] | null>();
    for (const tag of [ANY, ...changed.tags]) {
      const edit = changed.amendments.get(tag);
      for (const key of keysByTag.get(tag) ?? []) {
        const edits = touched.has(key) ? touched.get(key) : [];
        touched.set(key, edit && edits ? [...edits, edit] : null);
      }
    }
    for (const [key, edits] of touched) {
      if (!edits || !amend(key, edits)) forget(key);
    }
    evictPastBudget();
  }

  /** The version to answer under, the entries brought to it. */
  async function currentVersion(): Promise<number> {
    const current = await version.fresh();
    // Versions only grow: a request that learned an older one than the
    // entries (it asked before another learned the move) neither reads nor keeps.
    if (!(current <= entriesVersion)) moveTo(current);
    return current;
  }

  /** Whether an answer computed under `from` still holds now: no change since touched its tags. */
  function stillValid(from: number, tags: string[]): boolean {
    if (entriesVersion < from) return false;
    const now = Math.max(entriesVersion, version.latest());
    if (now === from) return true;
    const changed = version.changedSince(from, now);
    return changed !== 'everything' && !tags.some((tag) => tag === ANY || changed.tags.has(tag));
  }

  function hit(current: number, key: string): CachedAnswer | undefined {
    const entry = current === entriesVersion ? entries.get(key) : undefined;
    if (!entry) return undefined;
    hits += 1;
    entries.delete(key);
    entries.set(key, entry);
    return entry.answer;
  }

  return {
    async cached(key) {
      if (maxBytes === 0) return undefined;
      return hit(await currentVersion(), key);
    },

    async answer(key, compute) {
      if (maxBytes === 0) {
        misses += 1;
        return toCachedAnswer((await compute()).json);
      }
      const current = await currentVersion();
      const found = hit(current, key);
      if (found) return found;
      misses += 1;
      // Requests that miss one key under one version share one computation:
      // it began after that version was learned, so it shows all it counts.
      const flightKey = `${current} ${key}`;
      const inFlight = computing.get(flightKey);
      if (inFlight) return inFlight;
      const computed = compute().then(({ json, tags = [ANY] }) => {
        if (!stillValid(current, tags)) return toCachedAnswer(json);
        const entry = entryOf(key, json, tags);
        keep(key, entry);
        return entry.answer;
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
        amended,
        evictions,
        hitRatio: reads === 0 ? 0 : hits / reads,
      };
    },
  };
}
