import type { AdminCoupon, CouponRules } from '#contract';
import type { CouponRow } from '#server/db/schema/cart.ts';
import { paiseToRupees, rupeesToPaise } from '#server/lib/money.ts';

const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
const dateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));

/** The owner's rules as stored: rupees to paise, the value in its kind's column. */
export function toCouponColumns(rules: CouponRules) {
  return {
    description: rules.description,
    kind: rules.kind,
    percentOff: rules.kind === 'percent' ? rules.value : null,
    amountOffPaise: rules.kind === 'flat' ? rupeesToPaise(rules.value) : null,
    minOrderPaise: rupeesToPaise(rules.minOrder),
    maxDiscountPaise: rules.maxDiscount === null ? null : rupeesToPaise(rules.maxDiscount),
    startsAt: dateOrNull(rules.startsAt),
    endsAt: dateOrNull(rules.endsAt),
    usageLimit: rules.usageLimit,
    perCustomerLimit: rules.perCustomerLimit,
    firstOrderOnly: rules.firstOrderOnly,
    active: rules.active,
  };
}

export function toAdminCoupon(
  row: CouponRow,
  totals: { uses: number; discountPaise: number; revenuePaise: number },
): AdminCoupon {
  return {
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.kind === 'flat' ? paiseToRupees(row.amountOffPaise ?? 0) : (row.percentOff ?? 0),
    minOrder: paiseToRupees(row.minOrderPaise),
    maxDiscount: rupeesOrNull(row.maxDiscountPaise),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    firstOrderOnly: row.firstOrderOnly,
    active: row.active,
    uses: totals.uses,
    discountGiven: paiseToRupees(totals.discountPaise),
    revenue: paiseToRupees(totals.revenuePaise),
  };
}
