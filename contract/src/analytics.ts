import { z } from 'zod';
import { IdSchema, RupeesSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { textSchema } from './text.ts';

/**
 * Sales over time for the owner (issue 27): figures per day, week or month
 * of the shop's calendar (SHOP_TIME_ZONE), counted as the dashboard counts
 * revenue: cancelled orders and those still awaiting their online payment
 * left out.
 */

export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/** The longest range one report covers, in days (two years: at most 731 points a chart draws). */
export const ANALYTICS_MAX_DAYS = 731;
/** Without a range, the last 30 days up to today. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** How many products each top list names. */
export const ANALYTICS_TOP_PRODUCTS = 5;

export const ANALYTICS_RANGE_ORDER_MESSAGE = 'from must be on or before to';
export const ANALYTICS_RANGE_LENGTH_MESSAGE = `The range may cover at most ${ANALYTICS_MAX_DAYS} days`;

/** A calendar day (YYYY-MM-DD) plus some days (negative: earlier). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both counted. */
const daysCovered = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

/** A calendar day that exists: 2026-02-30 does not. */
const isDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
};

/** A day of this century, as the shop's reports go: years PostgreSQL and Date agree on. */
const DaySchema = (label: string) => {
  const message = `${label} must be a day of 2000-2099 as YYYY-MM-DD, e.g. 2026-11-27`;
  return textSchema(label)
    .regex(/^20\d\d-\d\d-\d\d$/, message)
    .refine(isDay, message);
};

/** What is wrong with a range of days (both included), if anything: the query's rule, and the server's once it fills a missing day. */
export function analyticsRangeError(from: string, to: string): string | undefined {
  if (from > to) return ANALYTICS_RANGE_ORDER_MESSAGE;
  if (daysCovered(from, to) > ANALYTICS_MAX_DAYS) return ANALYTICS_RANGE_LENGTH_MESSAGE;
  return undefined;
}

/** Both days included; either may be left out (the server fills them from today). */
export const AnalyticsQuerySchema = z
  .object({
    from: DaySchema('from').optional(),
    to: DaySchema('to').optional(),
    interval: z
      .enum(ANALYTICS_INTERVALS, { error: 'interval must be day, week or month' })
      .default('day'),
  })
  .superRefine((query, context) => {
    const error = query.from && query.to && analyticsRangeError(query.from, query.to);
    if (error) context.addIssue({ code: 'custom', message: error, path: ['from'] });
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

export const AnalyticsFiguresSchema = z.object({
  /** What the orders placed came to (₹, their totals: after discounts, with fees). */
  revenue: RupeesSchema,
  orders: z.number().int().nonnegative(),
  /** Revenue per order (₹, to the paisa); 0 without orders. */
  averageOrderValue: RupeesSchema,
  /** Units on those orders' lines. */
  units: z.number().int().nonnegative(),
  /** Shoppers whose first order (counted as above) was placed in it. */
  newCustomers: z.number().int().nonnegative(),
  /** Returns asked for in it, rejected ones left out. */
  returns: z.number().int().nonnegative(),
  /** Money given back in it (₹): refunds the provider or the owner completed. */
  refunds: RupeesSchema,
});
export type AnalyticsFigures = z.infer<typeof AnalyticsFiguresSchema>;

/** One interval: a day, or a week (Monday to Sunday) or month cut to the range. */
export const AnalyticsBucketSchema = AnalyticsFiguresSchema.extend({
  start: z.iso.date(),
  end: z.iso.date(),
});
export type AnalyticsBucket = z.infer<typeof AnalyticsBucketSchema>;

export const TopProductSchema = z.object({
  productId: IdSchema,
  title: z.string(),
  units: z.number().int().positive(),
  /** What its lines sold for (₹, price × units, before order discounts). */
  sales: RupeesSchema,
});
export type TopProduct = z.infer<typeof TopProductSchema>;

export const AnalyticsSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  interval: z.enum(ANALYTICS_INTERVALS),
  /** The calendar the days are cut by (IANA name). */
  timeZone: z.string(),
  buckets: z.array(AnalyticsBucketSchema),
  /** The whole range: the buckets' sums (average order value: of the range). */
  totals: AnalyticsFiguresSchema,
  /** Most units sold in the range, then most sales. */
  topProducts: z.array(TopProductSchema),
  /** The same, counting only lines with the shopper's own design. */
  topCustomisedProducts: z.array(TopProductSchema),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

export const getAdminAnalytics = defineEndpoint({
  name: 'getAdminAnalytics',
  method: 'GET',
  path: '/admin/analytics',
  tag: 'admin',
  summary:
    "Revenue, orders, average order value, units, new customers, returns and refunds per day, week or month of India's calendar (cancelled orders left out), and the top products",
  auth: 'admin',
  query: AnalyticsQuerySchema,
  result: AnalyticsSchema,
});
