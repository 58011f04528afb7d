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
 * A product's id: its own stock as the answer shows it.
 */
/** Answers whose order follows units sold (best sellers, related products): the tally moves it. */
export const UNITS_SOLD_TAG = 'units-sold';
/** Answers whose members, order or counts follow which products have this size in stock. */
export const sizeTag = (size: Size) => `size:${size}`;
/** Answers saying whether any product on sale has this size in stock (the filters). */
export const sizeOnSaleTag = (size: Size) => `size-on-sale:${size}`;
/** Answers showing whether this product (a colour of a style shown) has any size in stock. */
export const colourTag = (productId: string) => `colour:${productId}`;

/**
 * What a stock take touched: its products' stock (their units sold move at the
 * next tally, which names UNITS_SOLD_TAG); the sizes it sold out (the
 * size-filtered listings and the facets count who has them); the products it
 * left with no size at all (every answer showing a colour of their styles
 * flags them out of stock); and the sizes no product has left (the filters
 * list the sizes in stock).
 */
export function stockTakeTags(taken: {
  productIds: string[];
  soldOutSizes: Size[];
  emptiedProductIds: string[];
  sizesGone: Size[];
  /** The stock it left, as `take_stock` names it (STOCK_TAG): answers showing only that are amended. */
  stockLeftTags: string[];
}): string[] {
  return [
    ...new Set([
      ...taken.productIds,
      ...taken.soldOutSizes.map(sizeTag),
      ...taken.emptiedProductIds.map(colourTag),
      ...taken.sizesGone.map(sizeOnSaleTag),
      ...taken.stockLeftTags,
    ]),
  ];
}

/**
 * The stock a take left of one size, as the database's `take_stock` names it
 * among a change's tags, or answers it to the caller of a take that sold out
 * (migrations 0026, 0028): `stock:<product id>:<size>=<units>`.
 */
const STOCK_TAG = /^stock:([^:]+):([^=]+)=(\d+)$/;

/** Each product's sizes whose stock a change names, the later change's units winning. */
type StockLeft = Map<string, Map<string, number>>;

function setStockLeft(stockLeft: StockLeft, productId: string, size: string, units: number) {
  const sizes = stockLeft.get(productId) ?? new Map<string, number>();
  sizes.set(size, units);
  stockLeft.set(productId, sizes);
}

/**
 * The edit that brings an answer showing a product up to date with the stock
 * a take left: every card of that product (`_id`, as listings, details and
 * related products show it) gets the units of the sizes named. False when the
 * answer shows no such card or size: it is computed again.
 */
function stockAmendment(productId: string, sizes: Map<string, number>) {
  return (value: unknown): boolean => {
    let found = false;
    const visit = (node: unknown): boolean => {
      if (Array.isArray(node)) return node.every(visit);
      if (!node || typeof node !== 'object') return true;
      const record = node as Record<string, unknown>;
      if (record._id === productId) {
        const stock = record.sizes as Record<string, number> | undefined;
        for (const [size, units] of sizes) {
          if (!stock || !(size in stock)) return false;
          stock[size] = units;
        }
        found = true;
      }
      return Object.values(record).every(visit);
    };
    return visit(value) && found;
  };
}

/** A version's change as the cache reads it: the tags it touched, and the stock it left. */
interface LearnedChange {
  tags: string[];
  stockLeft: StockLeft;
}

function learnedChange(change: CatalogueChange): LearnedChange | 'everything' {
  if (change.kind === 'everything') return 'everything';
  const learned: LearnedChange = { tags: [], stockLeft: new Map() };
  for (const tag of change.tags) {
    const stock = STOCK_TAG.exec(tag);
    if (!stock) {
      learned.tags.push(tag);
      continue;
    }
    const [, productId = '', size = '', units = ''] = stock;
    setStockLeft(learned.stockLeft, productId, size, Number(units));
  }
  return learned;
}

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
 * The catalogue version as this process knows it (decision 026). Notices
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
  const changes = new Map<number, LearnedChange | 'everything'>();
  const learn = ({ version, change }: VersionRead) => {
    if (!changes.has(version)) {
      changes.set(version, learnedChange(change));
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
      const stockLeft: StockLeft = new Map();
      /** Products some version touched without saying their stock: their answers are computed again. */
      const unsaid = new Set<string>();
      for (let version = from + 1; version <= to; version += 1) {
        // A version learned only by its number (a read that skipped it) may have changed anything.
        const changed = changes.get(version);
        if (changed === undefined || changed === 'everything') return 'everything';
        for (const tag of changed.tags) {
          tags.add(tag);
          if (!changed.stockLeft.has(tag)) unsaid.add(tag);
        }
        for (const [productId, sizes] of changed.stockLeft) {
          for (const [size, units] of sizes) setStockLeft(stockLeft, productId, size, units);
        }
      }
      const amendments = new Map<string, (value: unknown) => boolean>();
      for (const [productId, sizes] of stockLeft) {
        if (!unsaid.has(productId)) amendments.set(productId, stockAmendment(productId, sizes));
      }
      return { tags, amendments };
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
