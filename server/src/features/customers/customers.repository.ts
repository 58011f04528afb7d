import { and, count, desc, eq, ilike, isNotNull, max, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { products } from '#server/db/schema/catalogue.ts';
import { newsletterSubscribers } from '#server/db/schema/messages.ts';
import { orderItems, orders } from '#server/db/schema/orders.ts';
import { returnItems, returns } from '#server/db/schema/returns.ts';
import { reviews } from '#server/db/schema/reviews.ts';
import { likeEscaped } from '#server/lib/like.ts';

// The customers screens' reads (issue 27): shoppers' accounts beside what they
// ordered, returned and reviewed. Reads only; every write goes through its owner.
// No query here selects a password hash, a session or a token. A column of the
// outer table in a subquery is named with its table: alone in its FROM, Drizzle
// writes it bare, and the subquery's own table would answer for it.

/** What a shopper bought, counted as the dashboard's revenue: cancelled and unpaid orders left out. */
function countedOrders(db: Database) {
  return db
    .select({
      userId: orders.userId,
      orders: count().as('orders'),
      totalPaise: sql<number>`sum(${orders.totalPaise})::bigint`.mapWith(Number).as('total_paise'),
      lastOrderAt: max(orders.createdAt).as('last_order_at'),
    })
    .from(orders)
    .where(notInArray(orders.status, ['cancelled', 'awaiting-payment']))
    .groupBy(orders.userId)
    .as('counted');
}

function customerColumns(counted: ReturnType<typeof countedOrders>) {
  return {
    id: users.id,
    name: users.name,
    email: users.email,
    phone: users.phone,
    createdAt: users.createdAt,
    orders: sql<number>`coalesce(${counted.orders}, 0)::int`.mapWith(Number),
    totalPaise: sql<number>`coalesce(${counted.totalPaise}, 0)::bigint`.mapWith(Number),
    lastOrderAt: counted.lastOrderAt,
  };
}

export type CustomerSummaryRow = Awaited<ReturnType<typeof findCustomerPage>>['rows'][number];

export interface CustomerQuery {
  /** Part of a name or email, matched in any case. */
  search?: string | undefined;
  offset: number;
  limit: number;
}

/** Shoppers (not admins), newest account first, with their counted orders. */
export async function findCustomerPage(db: Database, query: CustomerQuery) {
  const counted = countedOrders(db);
  const term = query.search ? `%${likeEscaped(query.search)}%` : undefined;
  const where = and(
    eq(users.role, 'shopper'),
    term ? or(ilike(users.name, term), ilike(users.email, term)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(customerColumns(counted))
      .from(users)
      .leftJoin(counted, eq(counted.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findCustomer(db: Database, id: string) {
  const counted = countedOrders(db);
  const [row] = await db
    .select(customerColumns(counted))
    .from(users)
    .leftJoin(counted, eq(counted.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'shopper')));
  return row;
}

/** Every order of the shopper, newest first, with the units it holds. */
export function findCustomerOrders(db: Database, userId: string) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      totalPaise: orders.totalPaise,
      paymentMethod: orders.paymentMethod,
      createdAt: orders.createdAt,
      itemCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders}.${sql.identifier('id')})`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** The returns asked on the shopper's orders, newest first, with the units sent back. */
export function findCustomerReturns(db: Database, userId: string) {
  return db
    .select({
      id: returns.id,
      orderId: returns.orderId,
      status: returns.status,
      refundPaise: returns.refundPaise,
      createdAt: returns.createdAt,
      itemCount: sql<number>`(select coalesce(sum(${returnItems.quantity}), 0)::int from ${returnItems} where ${returnItems.returnId} = ${returns}.${sql.identifier('id')})`,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(returns.createdAt), desc(returns.id));
}

/** The shopper's reviews, hidden ones too, newest first, with the product's title. */
export function findCustomerReviews(db: Database, userId: string) {
  return db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      productTitle: products.title,
      rating: reviews.rating,
      title: reviews.title,
      hiddenAt: reviews.hiddenAt,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/** When this email joined the newsletter (emails match in any case), if it confirmed it did. */
export async function findSubscription(db: Database, email: string) {
  const [row] = await db
    .select({ createdAt: newsletterSubscribers.createdAt })
    .from(newsletterSubscribers)
    .where(
      and(
        sql`lower(${newsletterSubscribers.email}) = lower(${email})`,
        isNotNull(newsletterSubscribers.confirmedAt),
      ),
    );
  return row;
}
