import type { Database, DatabaseHandle } from '#server/db/client.ts';
import { createResponseCache, type VersionSource } from '#server/lib/response-cache.ts';
import { CATALOGUE_VERSION_CHANNEL, findCatalogueVersion } from './catalogue-version.repository.ts';

/**
 * How stale the version may be while notices arrive: a notice lost without
 * the connection dropping is still caught within this.
 */
const VERSION_CHECK_MS = 1_000;

/**
 * The catalogue version as this process knows it. Notices (LISTEN) tell it at
 * once; while it is not subscribed, every read checks the database first, and
 * even while it is, it checks at most every VERSION_CHECK_MS (decision 014).
 */
function watchCatalogueVersion(db: Database) {
  let latest = -1;
  let subscribed = false;
  let checkedAt = 0;
  const learn = (version: number) => {
    if (version > latest) latest = version;
  };

  const source: VersionSource = {
    async fresh() {
      const now = Date.now();
      if (!subscribed || now - checkedAt >= VERSION_CHECK_MS) {
        checkedAt = now;
        learn(await findCatalogueVersion(db));
      }
      return latest;
    },
    latest: () => latest,
  };

  return {
    source,
    listener: {
      notified: (payload: string) => learn(Number(payload)),
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
  db: Database;
  listen: DatabaseHandle['listen'];
  /** The byte budget; 0 turns keeping answers off (they are still hashed for ETags). */
  maxBytes: number;
}

/** The catalogue's GET answers in this process, as bytes, valid for one catalogue version. */
export async function createCatalogueCache({ db, listen, maxBytes }: CatalogueCacheOptions) {
  const version = watchCatalogueVersion(db);
  const stopListening = await listen(CATALOGUE_VERSION_CHANNEL, version.listener);
  const cache = createResponseCache({ maxBytes, version: version.source });
  return {
    answer: cache.answer,
    metrics: () => ({
      cache: cache.stats(),
      catalogueVersion: Math.max(version.source.latest(), 0),
      listening: version.isSubscribed(),
    }),
    close: stopListening,
  };
}

export type CatalogueCache = Awaited<ReturnType<typeof createCatalogueCache>>;
