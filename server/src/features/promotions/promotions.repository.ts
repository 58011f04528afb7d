import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { type CouponRow, coupons } from '#server/db/schema/cart.ts';
import { orders } from '#server/db/schema/orders.ts';

// Coupons are this feature's (issue 27); the orders are read only, to count
// each coupon's uses and what they brought (features/README.md).

export type NewCoupon = typeof coupons.$inferInsert;

const byCode = (code: string) => eq(sql`upper(${coupons.code})`, code.trim().toUpperCase());

/**
 * A coupon by its code, compared case-insensitively. `lock` holds its row
 * until the caller's transaction ends, so two checkouts count its uses one
 * after the other.
 */
export async function findCoupon(
  db: Database,
  code: string,
  { lock = false } = {},
): Promise<CouponRow | undefined> {
  const query = db.select().from(coupons).where(byCode(code));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Orders not cancelled that used the coupon, by everyone and by the user, and the user's orders. */
export async function countCouponUses(db: Database, code: string, userId: string) {
  const [row] = await db
    .select({
      uses: count(),
      usesByShopper: sql<number>`count(*) filter (where ${orders.userId} = ${userId})`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .where(and(eq(orders.couponCode, code), ne(orders.status, 'cancelled')));
  const [mine] = await db
    .select({ shopperOrders: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, 'cancelled')));
  return {
    uses: row?.uses ?? 0,
    usesByShopper: row?.usesByShopper ?? 0,
    shopperOrders: mine?.shopperOrders ?? 0,
  };
}

/** Every coupon, newest first, with its orders not cancelled: how many, their discount and total. */
export function findCouponsWithTotals(db: Database) {
  return db
    .select({
      coupon: coupons,
      uses: sql<number>`count(${orders.id})`.mapWith(Number),
      discountPaise: sql<number>`coalesce(sum(${orders.discountPaise}), 0)::bigint`.mapWith(Number),
      revenuePaise: sql<number>`coalesce(sum(${orders.totalPaise}), 0)::bigint`.mapWith(Number),
    })
    .from(coupons)
    .leftJoin(orders, and(eq(orders.couponCode, coupons.code), ne(orders.status, 'cancelled')))
    .groupBy(coupons.code)
    .orderBy(desc(coupons.createdAt), coupons.code);
}

/** Inserts a coupon; undefined when its code is taken, whatever its case. */
export async function insertCoupon(db: Database, coupon: NewCoupon) {
  const [row] = await db.insert(coupons).values(coupon).onConflictDoNothing().returning();
  return row;
}

export async function updateCoupon(db: Database, code: string, changes: Omit<NewCoupon, 'code'>) {
  const [row] = await db.update(coupons).set(changes).where(byCode(code)).returning();
  return row;
}

export async function deleteCoupon(db: Database, code: string): Promise<boolean> {
  const deleted = await db.delete(coupons).where(byCode(code)).returning({ code: coupons.code });
  return deleted.length > 0;
}
