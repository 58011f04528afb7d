import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { catalogueVersion } from '#server/db/schema/catalogue.ts';

/** Where a new catalogue version is announced; PostgreSQL delivers it to listeners at commit. */
export const CATALOGUE_VERSION_CHANNEL = 'catalogue_version';

/**
 * Counts one more change to what the catalogue shows and announces it, in the
 * caller's transaction: the row and the notice both take effect at its commit,
 * together with the write (decision 017).
 */
export async function bumpCatalogueVersion(db: Database): Promise<void> {
  await db.execute(sql`
    with bumped as (
      insert into catalogue_version (id, version) values (1, 1)
      on conflict (id) do update set version = catalogue_version.version + 1
      returning version
    )
    select pg_notify(${CATALOGUE_VERSION_CHANNEL}, version::text) from bumped`);
}

/** The committed catalogue version (0 before the first change). */
export async function findCatalogueVersion(db: Database): Promise<number> {
  const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion);
  return row?.version ?? 0;
}
