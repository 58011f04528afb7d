import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { catalogueVersion } from '#server/db/schema/catalogue.ts';

/**
 * Where a new catalogue version is announced; PostgreSQL delivers it to listeners at commit.
 * The database function `catalogue_version_bump` (migration 0025) names it too; a stock
 * test listens here for what that function announces.
 */
export const CATALOGUE_VERSION_CHANNEL = 'catalogue_version';

/**
 * What one version changed (decision 026): anything (`everything`), or only
 * what these cache tags name (a stock take: its products and the
 * sizes and colours it sold out; `catalogue-cache.ts` names them). A tag holds
 * no space or comma.
 */
export type CatalogueChange = { kind: 'everything' } | { kind: 'tagged'; tags: string[] };

export const EVERYTHING: CatalogueChange = { kind: 'everything' };

/**
 * The most characters of tags a version names; a change naming more counts as
 * everything (a NOTIFY payload must stay under 8,000 bytes; a cart of many
 * products is rare).
 */
const TAGS_MAX_CHARS = 4_000;

/**
 * The tags as the version row and the notice keep them (one text, for the
 * database's `catalogue_version_bump`), or null for everything.
 */
export function tagList(change: CatalogueChange): string | null {
  if (change.kind === 'everything') return null;
  const list = change.tags.join(',');
  return list.length <= TAGS_MAX_CHARS ? list : null;
}

/** A notice's version and what it changed: `12`, or `12 tag,tag` for a scoped change. */
export function parseAnnouncement(payload: string): { version: number; change: CatalogueChange } {
  const [version = '', tags] = payload.split(' ');
  return {
    version: Number(version),
    change: tags ? { kind: 'tagged', tags: tags.split(',') } : EVERYTHING,
  };
}

/**
 * Counts one more change to what the catalogue shows and announces it with
 * what it changed, in the caller's transaction: the row and the notice both
 * take effect at its commit, together with the write (decision 026).
 * The database function `catalogue_version_bump` (migration 0025) does both;
 * a stock take calls it from inside its own call (`take_stock`).
 */
export async function bumpCatalogueVersion(
  db: Database,
  change: CatalogueChange = EVERYTHING,
): Promise<void> {
  await db.execute(sql`select catalogue_version_bump(${tagList(change)}::text)`);
}

/**
 * Reads the committed catalogue version (0 before the first change) and what
 * it changed. A prepared statement, built once: under load a process reads the
 * version hundreds of times a second (decision 026).
 */
export function catalogueVersionReader(
  db: Database,
): () => Promise<{ version: number; change: CatalogueChange }> {
  const query = db
    .select({ version: catalogueVersion.version, changedTags: catalogueVersion.changedTags })
    .from(catalogueVersion)
    .prepare('catalogue_version');
  return async () => {
    const [row] = await query.execute();
    if (!row) return { version: 0, change: EVERYTHING };
    return {
      version: row.version,
      change: row.changedTags ? { kind: 'tagged', tags: row.changedTags } : EVERYTHING,
    };
  };
}
