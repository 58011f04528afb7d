import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_TOP_PRODUCTS,
  type Analytics,
  type AnalyticsFigures,
  type AnalyticsQuery,
  analyticsRangeError,
  paiseToRupees,
  SHOP_TIME_ZONE,
  shiftDay,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import { badRequest } from '#server/lib/app-error.ts';
import { shopDayPlus, shopDayStart } from '#server/lib/dates.ts';
import {
  countNewCustomersByDay,
  countReturnsByDay,
  findTopProducts,
  type Span,
  sumOrdersByDay,
  sumRefundsByDay,
  sumUnitsByDay,
} from './analytics.repository.ts';
import { bucketIndexer, bucketsOf } from './analytics-buckets.ts';

/** A bucket's figures as counted, money in paise. */
interface Tally {
  orders: number;
  revenuePaise: number;
  units: number;
  newCustomers: number;
  returns: number;
  refundedPaise: number;
}

const emptyTally = (): Tally => ({
  orders: 0,
  revenuePaise: 0,
  units: 0,
  newCustomers: 0,
  returns: 0,
  refundedPaise: 0,
});

const toFigures = (tally: Tally): AnalyticsFigures => ({
  revenue: paiseToRupees(tally.revenuePaise),
  orders: tally.orders,
  averageOrderValue:
    tally.orders === 0 ? 0 : paiseToRupees(Math.round(tally.revenuePaise / tally.orders)),
  units: tally.units,
  newCustomers: tally.newCustomers,
  returns: tally.returns,
  refunds: paiseToRupees(tally.refundedPaise),
});

/** The range asked for, its missing days filled from today in the shop's calendar. */
function rangeOf(query: AnalyticsQuery, now: Date) {
  const to = query.to ?? shopDayPlus(now, 0);
  const from = query.from ?? shiftDay(to, 1 - ANALYTICS_DEFAULT_DAYS);
  const error = analyticsRangeError(from, to);
  if (error) throw badRequest(error, [{ field: 'from', message: error }]);
  return { from, to };
}

/** Sales over time for the owner (issue 27): days are the shop's calendar days. */
export function createAnalyticsService(db: Database) {
  return {
    async getAnalytics(query: AnalyticsQuery, now = new Date()): Promise<Analytics> {
      const { from, to } = rangeOf(query, now);
      const span: Span = { start: shopDayStart(from), end: shopDayStart(shiftDay(to, 1)) };
      const [ordersByDay, unitsByDay, newCustomersByDay, returnsByDay, refundsByDay, top, custom] =
        await Promise.all([
          sumOrdersByDay(db, span),
          sumUnitsByDay(db, span),
          countNewCustomersByDay(db, span),
          countReturnsByDay(db, span),
          sumRefundsByDay(db, span),
          findTopProducts(db, span, { customised: false, limit: ANALYTICS_TOP_PRODUCTS }),
          findTopProducts(db, span, { customised: true, limit: ANALYTICS_TOP_PRODUCTS }),
        ]);

      const buckets = bucketsOf(from, to, query.interval);
      const tallies = buckets.map(emptyTally);
      const total = emptyTally();
      const indexOf = bucketIndexer(buckets);
      /** Adds a day's figure to its bucket and to the total. */
      const add = (day: string, field: keyof Tally, value: number) => {
        const tally = tallies[indexOf(day)];
        if (!tally) return;
        tally[field] += value;
        total[field] += value;
      };
      for (const row of ordersByDay) {
        add(row.day, 'orders', row.orders);
        add(row.day, 'revenuePaise', row.revenuePaise);
      }
      for (const row of unitsByDay) add(row.day, 'units', row.units);
      for (const row of newCustomersByDay) add(row.day, 'newCustomers', row.customers);
      for (const row of returnsByDay) add(row.day, 'returns', row.returns);
      for (const row of refundsByDay) add(row.day, 'refundedPaise', row.refundedPaise);

      const toTopProduct = (row: (typeof top)[number]) => ({
        productId: row.productId,
        title: row.title,
        units: row.units,
        sales: paiseToRupees(row.salesPaise),
      });
      return {
        from,
        to,
        interval: query.interval,
        timeZone: SHOP_TIME_ZONE,
        buckets: buckets.map((bucket, index) => ({
          ...bucket,
          ...toFigures(tallies[index] ?? emptyTally()),
        })),
        totals: toFigures(total),
        topProducts: top.map(toTopProduct),
        topCustomisedProducts: custom.map(toTopProduct),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
