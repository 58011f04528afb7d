import { and, desc, eq, inArray, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { Design } from '#contract';
import type { Database } from '#server/db/client.ts';
import { cartItems } from '#server/db/schema/cart.ts';
import { designImages, type SavedDesignRow, savedDesigns } from '#server/db/schema/designs.ts';
import { groupOrders } from '#server/db/schema/group-orders.ts';
import { orderItems } from '#server/db/schema/orders.ts';

/** Marks an image as a design upload, or refreshes its clock when the same bytes come again. */
export async function upsertDesignImage(
  db: Database,
  upload: { imageId: string; userId: string | null; bytes: number },
): Promise<void> {
  await db
    .insert(designImages)
    .values(upload)
    .onConflictDoUpdate({
      target: designImages.imageId,
      set: {
        uploadedAt: sql`now()`,
        userId: sql`coalesce(excluded.user_id, ${designImages.userId})`,
      },
    });
}

/**
 * Restarts the clock of these design uploads, and marks them claimed by a
 * design, answering the ids still kept.
 * A design being stored touches its images in its transaction: the row lock
 * makes a sweep running at the same moment wait, then see them as fresh.
 */
export async function touchDesignImages(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .update(designImages)
    .set({ uploadedAt: sql`now()`, claimed: true })
    .where(inArray(designImages.imageId, ids))
    .returning({ id: designImages.imageId });
  return new Set(rows.map((row) => row.id));
}

/**
 * Forgets design uploads that no cart line, saved design, order item or group order uses,
 * a guest's last uploaded before `guestsBefore`, a shopper's before `before`,
 * answering their image ids (decision 020).
 */
export async function deleteUnusedDesignImages(
  db: Database,
  { before, guestsBefore }: { before: Date; guestsBefore: Date },
): Promise<string[]> {
  const usedBy = (
    table: typeof cartItems | typeof savedDesigns | typeof orderItems | typeof groupOrders,
  ) => sql`exists (select 1 from ${table} where ${designImages.imageId} = any(${table.imageIds}))`;
  const rows = await db
    .delete(designImages)
    .where(
      and(
        or(
          lt(designImages.uploadedAt, before),
          and(isNull(designImages.userId), lt(designImages.uploadedAt, guestsBefore)),
        ),
        sql`not ${usedBy(cartItems)}`,
        sql`not ${usedBy(savedDesigns)}`,
        sql`not ${usedBy(orderItems)}`,
        sql`not ${usedBy(groupOrders)}`,
      ),
    )
    .returning({ id: designImages.imageId });
  return rows.map((row) => row.id);
}

/**
 * Holds guests' uploads for the rest of the transaction, on every process:
 * one guest upload at a time counts the room left and takes from it.
 */
export async function lockGuestUploads(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('design-images:guests'))`);
}

/** The bytes stored for guests' uploads that no design has claimed yet. */
export async function unclaimedGuestBytes(db: Database): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${designImages.bytes}), 0)::bigint` })
    .from(designImages)
    .where(and(isNull(designImages.userId), not(designImages.claimed)));
  return Number(row?.bytes ?? 0);
}

export interface NewSavedDesign {
  userId: string;
  productId: string;
  name: string;
  design: Design;
  imageIds: string[];
}

export async function insertSavedDesign(
  db: Database,
  design: NewSavedDesign,
): Promise<SavedDesignRow> {
  const [row] = await db.insert(savedDesigns).values(design).returning();
  if (!row) throw new Error('Saving a design returned no row');
  return row;
}

/**
 * Holds the user's saved designs for the rest of the transaction: creates and
 * duplicates queue here, so each counts what the previous one committed and
 * the cap holds across connections and processes (a count alone lets parallel
 * creates all see room).
 */
export async function lockSavedDesigns(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-designs:${userId}`}))`);
}

export async function countSavedDesigns(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(savedDesigns)
    .where(eq(savedDesigns.userId, userId));
  return row?.count ?? 0;
}

export async function findSavedDesigns(db: Database, userId: string): Promise<SavedDesignRow[]> {
  return db
    .select()
    .from(savedDesigns)
    .where(eq(savedDesigns.userId, userId))
    .orderBy(desc(savedDesigns.updatedAt), desc(savedDesigns.id));
}

/** One design of this user: another user's is a miss (D2: 404, not 403). */
export async function findSavedDesign(
  db: Database,
  userId: string,
  id: string,
): Promise<SavedDesignRow | undefined> {
  const [row] = await db
    .select()
    .from(savedDesigns)
    .where(and(eq(savedDesigns.id, id), eq(savedDesigns.userId, userId)));
  return row;
}

export async function updateSavedDesign(
  db: Database,
  userId: string,
  id: string,
  changes: { name?: string; design?: Design; imageIds?: string[] },
): Promise<SavedDesignRow | undefined> {
  const [row] = await db
    .update(savedDesigns)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(savedDesigns.id, id), eq(savedDesigns.userId, userId)))
    .returning();
  return row;
}

export async function deleteSavedDesign(
  db: Database,
  userId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(savedDesigns)
    .where(and(eq(savedDesigns.id, id), eq(savedDesigns.userId, userId)))
    .returning({ id: savedDesigns.id });
  return rows.length > 0;
}

/**
 * Shares one design of this user, answering its token: the one it has while
 * shared (so sharing twice, even at once, gives one link), else `token`.
 * Undefined when the user has no such design.
 */
export async function shareSavedDesign(
  db: Database,
  userId: string,
  id: string,
  token: string,
): Promise<string | undefined> {
  const [row] = await db
    .update(savedDesigns)
    .set({ shareToken: sql`coalesce(${savedDesigns.shareToken}, ${token})` })
    .where(and(eq(savedDesigns.id, id), eq(savedDesigns.userId, userId)))
    .returning({ shareToken: savedDesigns.shareToken });
  return row?.shareToken ?? undefined;
}

/** Stops sharing one design of this user; false when the user has no such design. */
export async function stopSharingSavedDesign(
  db: Database,
  userId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .update(savedDesigns)
    .set({ shareToken: null })
    .where(and(eq(savedDesigns.id, id), eq(savedDesigns.userId, userId)))
    .returning({ id: savedDesigns.id });
  return rows.length > 0;
}

/** The design shared under this token, whoever owns it. */
export async function findSharedDesign(
  db: Database,
  token: string,
): Promise<SavedDesignRow | undefined> {
  const [row] = await db.select().from(savedDesigns).where(eq(savedDesigns.shareToken, token));
  return row;
}
