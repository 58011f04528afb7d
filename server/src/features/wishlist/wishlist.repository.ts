import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Size } from '#contract';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { users } from '#server/db/schema/accounts.ts';
import { productStock, products } from '#server/db/schema/catalogue.ts';
import { stockAlertConfirmations, stockAlerts, wishlistItems } from '#server/db/schema/wishlist.ts';

const onSale = isNull(products.archivedAt);

/** A shopper's saved products still on sale, newest first. */
export async function findWishlist(
  db: Database,
  userId: string,
): Promise<{ productId: string; createdAt: Date }[]> {
  return db
    .select({ productId: wishlistItems.productId, createdAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), onSale))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
}

export async function countWishlist(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId));
  return row?.count ?? 0;
}

/**
 * Saves the products on sale among these ids, skipping ones already saved;
 * `createdAt` orders them (the last of a merge is the newest).
 */
export async function insertWishlistItems(
  db: Database,
  userId: string,
  items: { productId: string; createdAt: Date }[],
): Promise<void> {
  if (items.length === 0) return;
  const live = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          items.map((item) => item.productId),
        ),
        onSale,
      ),
    );
  const onSaleIds = new Set(live.map((row) => row.id));
  const values = items
    .filter((item) => onSaleIds.has(item.productId))
    .map((item) => ({ userId, ...item }));
  if (values.length > 0) await db.insert(wishlistItems).values(values).onConflictDoNothing();
}

/** Forgets a saved product; false when it was not saved. */
export async function deleteWishlistItem(
  db: Database,
  userId: string,
  productId: string,
): Promise<boolean> {
  const rows = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  return rows.length > 0;
}

/** A product on sale and the stock of one of its sizes (undefined: the size is not sold). */
export async function findSizeStock(
  db: Database,
  productId: string,
  size: Size,
): Promise<{ onSale: boolean; title: string; stock: number | undefined }> {
  const [product] = await db
    .select({ id: products.id, title: products.title, stock: productStock.stock })
    .from(products)
    .leftJoin(
      productStock,
      and(eq(productStock.productId, products.id), eq(productStock.size, size)),
    )
    .where(and(eq(products.id, productId), onSale));
  return {
    onSale: product !== undefined,
    title: product?.title ?? '',
    stock: product?.stock ?? undefined,
  };
}

/** Records a request waiting for its mailed link, and forgets every expired one. */
export async function insertStockAlertConfirmation(
  db: Database,
  pending: { tokenHash: string; productId: string; size: Size; email: string; expiresAt: Date },
): Promise<void> {
  await db
    .delete(stockAlertConfirmations)
    .where(lte(stockAlertConfirmations.expiresAt, sql`now()`));
  await db.insert(stockAlertConfirmations).values(pending);
}

/**
 * Uses a confirmation link: one atomic statement, so it works once. Undefined
 * when the token is unknown, used or expired.
 */
export async function useStockAlertConfirmation(
  db: Database,
  tokenHash: string,
): Promise<{ productId: string; size: Size; email: string } | undefined> {
  const [row] = await db
    .delete(stockAlertConfirmations)
    .where(
      and(
        eq(stockAlertConfirmations.tokenHash, tokenHash),
        gt(stockAlertConfirmations.expiresAt, sql`now()`),
      ),
    )
    .returning({
      productId: stockAlertConfirmations.productId,
      size: stockAlertConfirmations.size,
      email: stockAlertConfirmations.email,
    });
  return row;
}

/** Records a request; one already open for the same address, product and size stands. */
export async function insertStockAlert(
  db: Database,
  alert: { productId: string; size: Size; email: string; userId: string | undefined },
): Promise<void> {
  await db
    .insert(stockAlerts)
    .values({ ...alert, userId: alert.userId ?? null })
    .onConflictDoNothing();
}

export interface ClaimedStockAlert {
  email: string;
  size: Size;
  productId: string;
  title: string;
  name: string | null;
}

/**
 * Marks done every open request for these sizes that now have stock, and
 * returns them to be emailed in the same transaction. The conditional UPDATE
 * is the claim: a second transaction (another process restocking the same
 * size) waits for the rows, then finds them done and claims nothing.
 */
export async function claimStockAlerts(
  db: Database,
  sizes: { productId: string; size: Size }[],
): Promise<ClaimedStockAlert[]> {
  if (sizes.length === 0) return [];
  const pairs = sql.join(
    sizes.map(({ productId, size }) => sql`(${productId}::uuid, ${size})`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with claimed as (
      update ${stockAlerts} a
      set notified_at = now()
      from ${productStock} s, ${products} p
      where a.notified_at is null
        and (a.product_id, a.size) in (${pairs})
        and s.product_id = a.product_id and s.size = a.size and s.stock > 0
        and p.id = a.product_id and p.archived_at is null
      returning a.email, a.size, a.product_id, a.user_id, p.title
    )
    select claimed.email, claimed.size, claimed.product_id as "productId", claimed.title, ${users.name}
    from claimed left join ${users} on ${users.id} = claimed.user_id`);
  return rowsOf<ClaimedStockAlert>(result);
}
