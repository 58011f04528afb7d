import { z } from 'zod';
import { isWholePaise } from './catalogue.ts';
import { RupeesSchema, TimestampSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { textSchema } from './text.ts';

// Coupons (D10, issue 27): the owner manages them under /api/v1/admin/coupons;
// the cart's quote and checkout say why a code does not apply with these messages.

/** Why a code does not apply: each reason is written here once, the server's and the web's. */
export const COUPON_NOT_VALID_MESSAGE = 'This coupon code is not valid';
export const COUPON_EXPIRED_MESSAGE = 'This coupon has expired';
export const COUPON_NOT_STARTED_MESSAGE = 'This coupon is not valid yet';
export const COUPON_USED_UP_MESSAGE = 'This coupon has been used up';
export const COUPON_ALREADY_USED_MESSAGE = 'You have already used this coupon';
export const COUPON_FIRST_ORDER_ONLY_MESSAGE = 'This coupon is for your first order only';
/** Below the coupon's minimum order (rupees, D4). */
export const couponMinimumOrderMessage = (minOrder: number) =>
  `This coupon needs an order of at least ₹${minOrder}`;

export const COUPON_NOT_FOUND_MESSAGE = 'Coupon not found';
export const COUPON_CODE_TAKEN_MESSAGE = 'A coupon with this code already exists';
export const couponDefaultKeptMessage = (code: string) =>
  `${code} is the code every new cart starts with (D10): deactivate it instead of deleting it`;

export const COUPON_KINDS = ['percent', 'flat'] as const;
export const CouponKindSchema = z.enum(COUPON_KINDS, {
  error: "kind must be 'percent' or 'flat'",
});
export type CouponKind = z.infer<typeof CouponKindSchema>;

/** The largest flat discount the owner may set, in rupees: the highest product price. */
export const COUPON_FLAT_MAX = 1_000_000;
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,40}$/;
const COUPON_CODE_RULE = 'Code must be 3 to 40 letters, digits, - or _';

/** A code as the owner types it; codes are case-insensitive, so it is kept in capitals. */
export const CouponCodeInputSchema = textSchema('Code')
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(COUPON_CODE_PATTERN, COUPON_CODE_RULE));

const rupeesInput = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .refine(isWholePaise, `${label} may have at most 2 decimals`);
/** An instant as ISO-8601 text (with its offset), or null for no limit. */
const instantInput = (label: string) =>
  textSchema(label)
    .pipe(z.iso.datetime({ offset: true, error: `${label} must be an ISO-8601 date and time` }))
    .nullable()
    .default(null);
const countInput = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000, `${label} must be at most 1000000`)
    .nullable()
    .default(null);

const couponRules = z.object({
  description: textSchema('Description')
    .trim()
    .min(1, 'Description is required')
    .max(200, 'Description must be at most 200 characters'),
  kind: CouponKindSchema,
  /** A percentage (0-100] for 'percent', rupees for 'flat'. */
  value: rupeesInput('Value').positive('Value must be more than 0'),
  minOrder: rupeesInput('Minimum order')
    .min(0, 'Minimum order must be ₹0 or more')
    .max(COUPON_FLAT_MAX, `Minimum order must be at most ₹${COUPON_FLAT_MAX}`)
    .default(0),
  maxDiscount: rupeesInput('Maximum discount')
    .positive('Maximum discount must be more than 0')
    .max(COUPON_FLAT_MAX, `Maximum discount must be at most ₹${COUPON_FLAT_MAX}`)
    .nullable()
    .default(null),
  startsAt: instantInput('startsAt'),
  endsAt: instantInput('endsAt'),
  usageLimit: countInput('Usage limit'),
  perCustomerLimit: countInput('Per customer limit'),
  firstOrderOnly: z.boolean({ error: 'firstOrderOnly must be true or false' }).default(false),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
});

/** A value within its kind's range, and an end after the start. */
function checkCouponRules(body: z.output<typeof couponRules>, context: z.RefinementCtx): void {
  const max = body.kind === 'percent' ? 100 : COUPON_FLAT_MAX;
  if (body.value > max) {
    context.addIssue({
      code: 'custom',
      path: ['value'],
      message:
        body.kind === 'percent'
          ? 'A percentage must be at most 100'
          : `Value must be at most ₹${max}`,
    });
  }
  if (body.startsAt && body.endsAt && Date.parse(body.endsAt) <= Date.parse(body.startsAt)) {
    context.addIssue({
      code: 'custom',
      path: ['endsAt'],
      message: 'The end must be after the start',
    });
  }
}

/** What the owner writes for a coupon; a PUT replaces all of it (the code stays). */
export const CouponRulesBodySchema = couponRules.superRefine(checkCouponRules);
export type CouponRulesBody = z.input<typeof CouponRulesBodySchema>;
export type CouponRules = z.output<typeof CouponRulesBodySchema>;

export const CreateCouponBodySchema = couponRules
  .extend({ code: CouponCodeInputSchema })
  .superRefine(checkCouponRules);
export type CreateCouponBody = z.output<typeof CreateCouponBodySchema>;

export const CouponCodeParamsSchema = z.object({
  code: textSchema('The code').max(64, 'The code must be at most 64 characters'),
});

/** A coupon as the owner sees it, with what it has done: uses, discount given, revenue (orders not cancelled). */
export const AdminCouponSchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: CouponKindSchema,
  value: z.number().positive(),
  minOrder: RupeesSchema,
  maxDiscount: RupeesSchema.nullable(),
  startsAt: TimestampSchema.nullable(),
  endsAt: TimestampSchema.nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  active: z.boolean(),
  uses: z.number().int().nonnegative(),
  discountGiven: RupeesSchema,
  revenue: RupeesSchema,
});
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;

export const listAdminCoupons = defineEndpoint({
  name: 'listAdminCoupons',
  method: 'GET',
  path: '/admin/coupons',
  tag: 'admin',
  summary: 'Every coupon, newest first, with its uses, discount given and revenue',
  auth: 'admin',
  result: z.array(AdminCouponSchema),
});

export const createAdminCoupon = defineEndpoint({
  name: 'createAdminCoupon',
  method: 'POST',
  path: '/admin/coupons',
  tag: 'admin',
  summary: 'Create a coupon; codes are case-insensitive and unique (409 when taken)',
  auth: 'admin',
  body: CreateCouponBodySchema,
  result: AdminCouponSchema,
});

export const updateAdminCoupon = defineEndpoint({
  name: 'updateAdminCoupon',
  method: 'PUT',
  path: '/admin/coupons/:code',
  tag: 'admin',
  summary: "Replace a coupon's rules; carts quote them from the next request",
  auth: 'admin',
  params: CouponCodeParamsSchema,
  body: CouponRulesBodySchema,
  result: AdminCouponSchema,
});

export const deleteAdminCoupon = defineEndpoint({
  name: 'deleteAdminCoupon',
  method: 'DELETE',
  path: '/admin/coupons/:code',
  tag: 'admin',
  summary: 'Delete a coupon (orders keep the code they used); the default MAX500 cannot be deleted',
  auth: 'admin',
  params: CouponCodeParamsSchema,
  result: z.null(),
});
