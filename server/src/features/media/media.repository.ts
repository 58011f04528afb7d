import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { productImages } from '#server/db/schema/catalogue.ts';
import { images } from '#server/db/schema/media.ts';

export interface NewImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/** Stores an image once per distinct content and returns its id. */
export async function storeImage(db: Database, image: NewImage): Promise<string> {
  const sha256 = createHash('sha256').update(image.bytes).digest('hex');
  const [row] = await db
    .insert(images)
    .values({ ...image, sha256 })
    .onConflictDoUpdate({ target: images.sha256, set: { sha256: sql`excluded.sha256` } })
    .returning({ id: images.id });
  if (!row) throw new Error('Storing an image returned no row');
  return row.id;
}

export async function findImage(db: Database, id: string) {
  const [row] = await db
    .select({ bytes: images.bytes, contentType: images.contentType, sha256: images.sha256 })
    .from(images)
    .where(eq(images.id, id));
  return row;
}

/** Which of these image ids are stored. */
export async function findStoredImageIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: images.id }).from(images).where(inArray(images.id, ids));
  return new Set(rows.map((row) => row.id));
}

/**
 * Deletes these images unless a product shows them: what the design-upload
 * sweep removes (decision 020). Answers how many went.
 */
export async function deleteImagesNotOnProducts(db: Database, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(images)
    .where(
      and(
        inArray(images.id, ids),
        sql`not exists (select 1 from ${productImages} where ${productImages.imageId} = ${images.id})`,
      ),
    )
    .returning({ id: images.id });
  return rows.length;
}
