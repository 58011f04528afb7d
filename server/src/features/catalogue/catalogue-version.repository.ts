import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { catalogueVersion } from '#server/db/schema/catalogue.ts';

/** Where a new catalogue version is announced; PostgreSQL delivers it to listeners at commit. */
export const CATALOGUE_VERSION_CHANNEL = 'catalogue_version';

/**
 * What one version changed (decision 026): anything (`everything`), or only
 * the stock and units sold of these products, no size of them selling out
 * (so no listing's members, totals or facet counts moved).
 */
export type CatalogueChange = { kind: 'everything' } | { kind: 'stockTaken'; productIds: string[] };

export const EVERYTHING: CatalogueChange = { kind: 'everything' };

/** A version and what it changed, as the notice carries it: `12`, or `12 id,id` for a stock take. */
export function announcement(version: number, change: CatalogueChange): string {
  return change.kind === 'everything'
    ? String(version)
    : `${version} ${change.productIds.join(',')}`;
}

export function parseAnnouncement(payload: string): { version: number; change: CatalogueChange } {
  const [version = '', ids] = payload.split(' ');
  return {
    version: Number(version),
    change: ids ? { kind: 'stockTaken', productIds: ids.split(',') } : EVERYTHING,
  };
}

/**
 * Counts one more change to what the catalogue shows and announces it with
 * what it changed, in the caller's transaction: the row and the notice both
 * take effect at its commit, together with the write (decisions 017, 026).
 */
export async function bumpCatalogueVersion(
  db: Database,
  change: CatalogueChange = EVERYTHING,
): Promise<void> {
  const ids = change.kind === 'everything' ? null : change.productIds.join(',');
  await db.execute(sql`
    with bumped as (
      insert into catalogue_version (id, version, stock_taken_from)
      values (1, 1, string_to_array(${ids}::text, ',')::uuid[])
      on conflict (id) do update
        set version = catalogue_version.version + 1, stock_taken_from = excluded.stock_taken_from
      returning version, stock_taken_from
    )
    select pg_notify(
      ${CATALOGUE_VERSION_CHANNEL},
      version::text || coalesce(' ' || array_to_string(stock_taken_from, ','), '')
    ) from bumped`);
}

/**
 * Reads the committed catalogue version (0 before the first change) and what
 * it changed. A prepared statement, built once: under load a process reads the
 * version hundreds of times a second (decision 026, addendum).
 */
export function catalogueVersionReader(
  db: Database,
): () => Promise<{ version: number; change: CatalogueChange }> {
  const query = db
    .select({ version: catalogueVersion.version, stockTakenFrom: catalogueVersion.stockTakenFrom })
    .from(catalogueVersion)
    .prepare('catalogue_version');
  return async () => {
    const [row] = await query.execute();
    if (!row) return { version: 0, change: EVERYTHING };
    return {
      version: row.version,
      change: row.stockTakenFrom
        ? { kind: 'stockTaken', productIds: row.stockTakenFrom }
        : EVERYTHING,
    };
  };
}
