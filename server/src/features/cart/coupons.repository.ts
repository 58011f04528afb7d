import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { coupons } from '#server/db/schema/cart.ts';
import type { CouponRule } from './pricing.ts';

/** A coupon by its code, compared case-insensitively. */
export async function findCoupon(db: Database, code: string): Promise<CouponRule | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.trim().toUpperCase()));
  return row;
}
