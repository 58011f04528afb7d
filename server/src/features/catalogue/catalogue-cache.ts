import type { Size } from '#contract';
import type { Database, DatabaseHandle } from '#server/db/client.ts';
import { createResponseCache, type VersionSource } from '#server/lib/response-cache.ts';
import {
  CATALOGUE_VERSION_CHANNEL,
  type CatalogueChange,
  catalogueVersionReader,
  parseAnnouncement,
} from './catalogue-version.repository.ts';

/*
 * Cache tags (decision 026): what an answer shows, and what a change touched.
 * A product's id: its own stock (and units sold) as the answer shows them.
 */
/** Answers whose order follows units sold (best sellers, related products). */
export const UNITS_SOLD_TAG = 'units-sold';
/** Answers whose members, order or counts follow which products have this size in stock. */
export const sizeTag = (size: Size) => `size:${size}`;
/** Answers showing whether this product (a colour of a style shown) has any size in stock. */
export const colourTag = (productId: string) => `colour:${productId}`;

/**
 * What a stock take touched: its products' stock and the units sold; the sizes
 * it sold out (the size-filtered listings, facets and filters count who has
 * them); and the products it left with no size at all (every answer showing
 * a colour of their styles flags them out of stock).
 */
export function stockTakeTags(taken: {
  productIds: string[];
  soldOutSizes: Size[];
  emptiedProductIds: string[];
}): string[] {
  return [
    ...new Set([
      ...taken.productIds,
      UNITS_SOLD_TAG,
      ...taken.soldOutSizes.map(sizeTag),
      ...taken.emptiedProductIds.map(colourTag),
    ]),
  ];
}

const tagsOf = (change: CatalogueChange): string[] | 'everything' =>
  change.kind === 'everything' ? 'everything' : change.tags;

/** How many versions' changes a process remembers (an older one counts as having changed anything). */
const CHANGES_KEPT = 1_000;

/**
 * How stale the version may be while notices arrive: a notice lost without
 * the connection dropping is still caught within this.
 */
const VERSION_CHECK_MS = 1_000;

type VersionRead = Awaited<ReturnType<ReturnType<typeof catalogueVersionReader>>>;

/**
 * Reads of the committed version, at most one at a time: a caller waits for a
 * read sent after it asked (never one already under way, which may have
 * missed a commit made just before), and every caller waiting gets the same
 * one. The next read is sent once the requests of this turn of the event loop
 * have all asked (setImmediate), so that they share one read instead of one
 * each: a read per request cost a third of a warm answer's time on
 * PostgreSQL (decision 026).
 */
function coalescedVersionReads(db: Database): () => Promise<VersionRead> {
  const findCatalogueVersion = catalogueVersionReader(db);
  let sent: Promise<unknown> = Promise.resolve();
  let next: Promise<VersionRead> | undefined;
  return () => {
    next ??= sent
      .catch(() => undefined)
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => {
        // From here on, a caller waits for the read after this one.
        next = undefined;
        const read = findCatalogueVersion();
        sent = read;
        return read;
      });
    return next;
  };
}

/**
 * The catalogue version as this process knows it (decision 017). Notices
 * (LISTEN) tell it of a commit: in-process at the commit itself on PGlite, a
 * moment later on PostgreSQL. So with several processes on PostgreSQL, a
 * `strict` watch also reads the committed version before every answer
 * (coalesced: one small query however many requests wait), which is what
 * guarantees no answer after a commit shows what was there before. Without it,
 * or while not subscribed, it reads the version at most every VERSION_CHECK_MS
 * (every read while not subscribed). Notices and reads also say what each
 * version changed, so that a checkout's stock take forgets only the answers
 * showing its products (decision 026).
 */
function watchCatalogueVersion(db: Database, strict: boolean) {
  let latest = -1;
  let subscribed = false;
  let checkedAt = 0;
  const readVersion = coalescedVersionReads(db);
  /** What each recent version changed, as notices and reads told it (decision 026). */
  const changes = new Map<number, string[] | 'everything'>();
  const learn = ({ version, change }: VersionRead) => {
    if (!changes.has(version)) {
      changes.set(version, tagsOf(change));
      if (changes.size > CHANGES_KEPT) changes.delete(changes.keys().next().value as number);
    }
    if (version > latest) latest = version;
    return latest;
  };

  const source: VersionSource = {
    async fresh() {
      if (strict || !subscribed) return learn(await readVersion());
      const now = Date.now();
      if (now - checkedAt >= VERSION_CHECK_MS) {
        checkedAt = now;
        learn(await readVersion());
      }
      return latest;
    },
    latest: () => latest,
    changedSince(from, to) {
      if (to - from > CHANGES_KEPT) return 'everything';
      const tags = new Set<string>();
      for (let version = from + 1; version <= to; version += 1) {
        // A version learned only by its number (a read that skipped it) may have changed anything.
        const changed = changes.get(version);
        if (changed === undefined || changed === 'everything') return 'everything';
        for (const tag of changed) tags.add(tag);
      }
      return tags;
    },
  };

  return {
    source,
    listener: {
      notified: (payload: string) => learn(parseAnnouncement(payload)),
      subscribed: (up: boolean) => {
        subscribed = up;
        // Notices sent while down are lost: check the database on the next read.
        checkedAt = 0;
      },
    },
    isSubscribed: () => subscribed,
  };
}

export interface CatalogueCacheOptions {
  database: DatabaseHandle;
  /** The byte budget; 0 turns keeping answers off (they are still hashed for ETags). */
  maxBytes: number;
  /**
   * 'strict': on PostgreSQL, read the committed version before every answer.
   * 'notify': trust LISTEN, a change reaching other processes a moment after its commit.
   */
  consistency: 'strict' | 'notify';
}

/** The catalogue's GET answers in this process, as bytes, valid for one catalogue version. */
export async function createCatalogueCache({
  database,
  maxBytes,
  consistency,
}: CatalogueCacheOptions) {
  // PGlite is one process, and hears its notices at commit: strict already.
  const strict = consistency === 'strict' && database.kind === 'postgres';
  const version = watchCatalogueVersion(database.db, strict);
  const stopListening = await database.listen(CATALOGUE_VERSION_CHANNEL, version.listener);
  const cache = createResponseCache({ maxBytes, version: version.source });
  return {
    answer: cache.answer,
    cached: cache.cached,
    metrics: () => ({
      cache: cache.stats(),
      catalogueVersion: Math.max(version.source.latest(), 0),
      listening: version.isSubscribed(),
      consistency,
    }),
    close: stopListening,
  };
}

export type CatalogueCache = Awaited<ReturnType<typeof createCatalogueCache>>;
