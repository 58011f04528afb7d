import { randomBytes } from 'node:crypto';
import {
  type AdminCoupon,
  COUPON_CODE_TAKEN_MESSAGE,
  COUPON_NOT_FOUND_MESSAGE,
  type CouponRules,
  type CreateCouponBody,
  couponDefaultKeptMessage,
  DEFAULT_COUPON_CODE,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { CouponRow } from '#server/db/schema/cart.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import { toAdminCoupon, toCouponColumns } from './promotions.mapper.ts';
import {
  countCouponUses,
  deleteCoupon,
  findCoupon,
  findCouponsWithTotals,
  insertCoupon,
  updateCoupon,
} from './promotions.repository.ts';

const NO_USES = { uses: 0, discountPaise: 0, revenuePaise: 0 };

/** Whether a coupon's uses must be counted before it applies. */
const isLimited = (coupon: CouponRow) =>
  coupon.usageLimit !== null || coupon.perCustomerLimit !== null || coupon.firstOrderOnly;

/** Coupons (D10, issue 27): the owner's list and rules, and each coupon's standing for a shopper. */
export function createPromotionsService(db: Database) {
  async function couponOf(code: string) {
    const listed = await findCouponsWithTotals(db);
    const found = listed.find((row) => row.coupon.code.toUpperCase() === code.toUpperCase());
    if (!found) throw notFound(COUPON_NOT_FOUND_MESSAGE);
    return toAdminCoupon(found.coupon, found);
  }

  return {
    /**
     * A coupon by its code and what it has been used for, by everyone and by
     * this shopper. At checkout (`lock`), a coupon with limits is locked for
     * the rest of the order's transaction first, so its uses are counted one
     * checkout after the other, across processes (issue 27).
     */
    async couponForShopper(tx: Database, code: string, userId: string, { lock = false } = {}) {
      const found = await findCoupon(tx, code);
      if (!found || !isLimited(found)) return { coupon: found, standing: undefined };
      const coupon = lock ? await findCoupon(tx, code, { lock }) : found;
      return { coupon, standing: coupon && (await countCouponUses(tx, coupon.code, userId)) };
    },

    /**
     * A code of its own that works on one order (issue 27: the newsletter's
     * promise), written in the caller's transaction; answers the code.
     */
    async issueSingleUseCoupon(
      tx: Database,
      coupon: { prefix: string; percentOff: number; description: string },
    ): Promise<string> {
      for (;;) {
        const code = `${coupon.prefix}-${randomBytes(5).toString('hex').toUpperCase()}`;
        const row = await insertCoupon(tx, {
          code,
          description: coupon.description,
          kind: 'percent',
          percentOff: coupon.percentOff,
          usageLimit: 1,
          perCustomerLimit: 1,
        });
        if (row) return row.code;
      }
    },

    async listCoupons(): Promise<AdminCoupon[]> {
      const rows = await findCouponsWithTotals(db);
      return rows.map((row) => toAdminCoupon(row.coupon, row));
    },

    async createCoupon(body: CreateCouponBody): Promise<AdminCoupon> {
      const { code, ...rules } = body;
      const row = await insertCoupon(db, { code, ...toCouponColumns(rules) });
      if (!row)
        throw conflict(COUPON_CODE_TAKEN_MESSAGE, [
          { field: 'code', message: COUPON_CODE_TAKEN_MESSAGE },
        ]);
      return toAdminCoupon(row, NO_USES);
    },

    async updateCoupon(code: string, rules: CouponRules): Promise<AdminCoupon> {
      const row = await updateCoupon(db, code, toCouponColumns(rules));
      if (!row) throw notFound(COUPON_NOT_FOUND_MESSAGE);
      return couponOf(row.code);
    },

    async deleteCoupon(code: string): Promise<void> {
      // D10: every new cart starts with it; deactivated, it simply does not apply.
      if (code.trim().toUpperCase() === DEFAULT_COUPON_CODE) {
        throw conflict(couponDefaultKeptMessage(DEFAULT_COUPON_CODE));
      }
      if (!(await deleteCoupon(db, code))) throw notFound(COUPON_NOT_FOUND_MESSAGE);
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
