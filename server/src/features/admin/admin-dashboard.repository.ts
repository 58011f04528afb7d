import { and, asc, count, eq, gte, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { SIZES } from '#contract';
import type { Database } from '#server/db/client.ts';
import { productStock, products } from '#server/db/schema/catalogue.ts';
import { orders } from '#server/db/schema/orders.ts';

// The dashboard's reads (D25): counts across the catalogue and the orders,
// which only the owner sees. Reads only; every write goes through its owner.

export async function countOrdersByStatus(db: Database) {
  return db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
}

/**
 * Orders placed since an instant and what they came to: cash and paid orders;
 * cancelled ones and those still awaiting their online payment left out (issue 25).
 */
export async function sumOrdersSince(db: Database, since: Date) {
  const [row] = await db
    .select({
      orders: count(),
      totalPaise: sql<number>`coalesce(sum(${orders.totalPaise}), 0)::bigint`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, since),
        notInArray(orders.status, ['cancelled', 'awaiting-payment']),
      ),
    );
  return { orders: row?.orders ?? 0, totalPaise: row?.totalPaise ?? 0 };
}

/**
 * Sizes of products on sale with this many units or fewer: the first `limit`
 * of them (fewest units, then title, then size order) and how many there are.
 * On sale means not archived, as the catalogue has it.
 */
export async function findLowStock(db: Database, threshold: number, limit: number) {
  const where = and(isNull(products.archivedAt), lte(productStock.stock, threshold));
  const sizeOrder = sql`array_position(array[${sql.join(
    SIZES.map((size) => sql`${size}`),
    sql`, `,
  )}]::text[], ${productStock.size})`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        productId: productStock.productId,
        title: products.title,
        color: products.colorName,
        size: productStock.size,
        stock: productStock.stock,
      })
      .from(productStock)
      .innerJoin(products, eq(products.id, productStock.productId))
      .where(where)
      .orderBy(asc(productStock.stock), asc(products.title), asc(productStock.productId), sizeOrder)
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(productStock)
      .innerJoin(products, eq(products.id, productStock.productId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
