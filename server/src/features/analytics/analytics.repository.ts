import {
  and,
  type Column,
  desc,
  eq,
  gte,
  isNotNull,
  lt,
  min,
  ne,
  notInArray,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '#contract';
import type { Database } from '#server/db/client.ts';
import { products } from '#server/db/schema/catalogue.ts';
import { orderItems, orders } from '#server/db/schema/orders.ts';
import { refunds } from '#server/db/schema/payments.ts';
import { returns } from '#server/db/schema/returns.ts';

// Sales over time (issue 27): reads across orders, returns and refunds,
// which only the owner sees. Reads only; every write goes through its owner.

/** Instants from `start` (included) to `end` (left out). */
export interface Span {
  start: Date;
  end: Date;
}

/** The shop's calendar day of an instant, as YYYY-MM-DD (the zone is the contract's constant, not input). */
const shopDay = (column: SQLWrapper) =>
  sql<string>`((${column} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)})::date)::text`;

const within = (column: Column, span: Span) => and(gte(column, span.start), lt(column, span.end));

/** The orders that count as sales, as the dashboard has them (issue 25). */
const counted = notInArray(orders.status, ['cancelled', 'awaiting-payment']);

const int = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);

/** Per shop day: orders placed and what they came to. */
export function sumOrdersByDay(db: Database, span: Span) {
  const day = shopDay(orders.createdAt);
  return db
    .select({
      day,
      orders: sql<number>`count(*)::int`,
      revenuePaise: int(sql`sum(${orders.totalPaise})`),
    })
    .from(orders)
    .where(and(counted, within(orders.createdAt, span)))
    .groupBy(sql`1`);
}

/** Per shop day the order was placed: units on its lines. */
export function sumUnitsByDay(db: Database, span: Span) {
  return db
    .select({ day: shopDay(orders.createdAt), units: int(sql`sum(${orderItems.quantity})`) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(counted, within(orders.createdAt, span)))
    .groupBy(sql`1`);
}

/** Per shop day: shoppers whose first counted order was placed that day. */
export function countNewCustomersByDay(db: Database, span: Span) {
  const firsts = db
    .select({ userId: orders.userId, firstAt: min(orders.createdAt).as('first_at') })
    .from(orders)
    .where(counted)
    .groupBy(orders.userId)
    .as('firsts');
  return db
    .select({ day: shopDay(firsts.firstAt), customers: sql<number>`count(*)::int` })
    .from(firsts)
    .where(and(gte(firsts.firstAt, span.start), lt(firsts.firstAt, span.end)))
    .groupBy(sql`1`);
}

/** Per shop day: returns asked for, rejected ones left out. */
export function countReturnsByDay(db: Database, span: Span) {
  return db
    .select({ day: shopDay(returns.createdAt), returns: sql<number>`count(*)::int` })
    .from(returns)
    .where(and(ne(returns.status, 'rejected'), within(returns.createdAt, span)))
    .groupBy(sql`1`);
}

/**
 * Per shop day: money given back on orders, by when the refund completed. A
 * group member's refund (decision 073) gives back what was never an order's
 * takings (a payment above the group's final price, a member who left), so it is not counted.
 */
export function sumRefundsByDay(db: Database, span: Span) {
  return db
    .select({
      day: shopDay(refunds.refundedAt),
      refundedPaise: int(sql`sum(${refunds.amountPaise})`),
    })
    .from(refunds)
    .where(
      and(
        isNotNull(refunds.orderId),
        eq(refunds.status, 'refunded'),
        isNotNull(refunds.refundedAt),
        gte(refunds.refundedAt, span.start),
        lt(refunds.refundedAt, span.end),
      ),
    )
    .groupBy(sql`1`);
}

/** The products with most units on counted orders placed in the span; `customised`: lines with a design only. */
export function findTopProducts(
  db: Database,
  span: Span,
  { customised, limit }: { customised: boolean; limit: number },
) {
  const units = int(sql`sum(${orderItems.quantity})`);
  const salesPaise = int(sql`sum(${orderItems.pricePaise}::bigint * ${orderItems.quantity})`);
  return db
    .select({ productId: orderItems.productId, title: products.title, units, salesPaise })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        counted,
        within(orders.createdAt, span),
        customised ? isNotNull(orderItems.design) : undefined,
      ),
    )
    .groupBy(orderItems.productId, products.title)
    .orderBy(desc(units), desc(salesPaise), products.title)
    .limit(limit);
}
