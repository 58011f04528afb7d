import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import {
  idempotencyKeys,
  type OrderEventRow,
  type OrderItemRow,
  type OrderRow,
  orderEvents,
  orderItems,
  orders,
} from '#server/db/schema/orders.ts';
import { likeEscaped } from '#server/lib/like.ts';

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = typeof orderItems.$inferInsert;
export type NewOrderEvent = typeof orderEvents.$inferInsert;

export async function insertOrder(db: Database, order: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  if (!row) throw new Error('Inserting an order returned no row');
  return row;
}

export async function insertOrderItems(
  db: Database,
  items: NewOrderItem[],
): Promise<OrderItemRow[]> {
  if (items.length === 0) return [];
  return db.insert(orderItems).values(items).returning();
}

export async function insertOrderEvent(db: Database, event: NewOrderEvent): Promise<OrderEventRow> {
  const [row] = await db.insert(orderEvents).values(event).returning();
  if (!row) throw new Error('Inserting an order event returned no row');
  return row;
}

/** One of a user's orders; another user's id finds nothing. */
export async function findOrder(
  db: Database,
  userId: string,
  id: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  return row;
}

/**
 * The same, locking the row until the transaction ends: a second change of
 * the order waits, then sees the first one's result (D19).
 */
export async function lockOrder(
  db: Database,
  userId: string,
  id: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .for('update');
  return row;
}

/** A user's orders, newest first. */
export async function findUserOrders(db: Database, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function findOrderItems(db: Database, orderIds: string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
}

/** Ordered lines by id, in their orders' order. */
export async function findOrderItemsByIds(db: Database, ids: string[]): Promise<OrderItemRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.id, ids))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
}

export async function findOrderEvents(db: Database, orderIds: string[]): Promise<OrderEventRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.orderId), asc(orderEvents.at), asc(orderEvents.id));
}

export async function updateOrderStatus(
  db: Database,
  id: string,
  status: OrderRow['status'],
  changes: { deliveredAt?: Date } = {},
): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ status, ...changes })
    .where(eq(orders.id, id))
    .returning();
  if (!row) throw new Error('Updating an order returned no row');
  return row;
}

/** How long a checkout's Idempotency-Key answers with its first order (D18). */
const KEY_LIFETIME = sql`interval '24 hours'`;

/**
 * Claims a key for a checkout. A concurrent claim of the same key waits on the
 * primary key until the first transaction ends; false when the key is taken.
 */
export async function insertIdempotencyKey(
  db: Database,
  key: { userId: string; key: string; requestHash: string },
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values(key)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** A taken key, and whether it is still within its lifetime (by the database's clock). */
export async function findIdempotencyKey(db: Database, userId: string, key: string) {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      orderId: idempotencyKeys.orderId,
      live: sql<boolean>`${idempotencyKeys.createdAt} > now() - ${KEY_LIFETIME}`,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/**
 * Takes over a key whose lifetime is over (or that names no order), as if it
 * were new. False when it is live: someone renewed it first.
 */
export async function renewIdempotencyKey(
  db: Database,
  key: { userId: string; key: string; requestHash: string },
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ requestHash: key.requestHash, orderId: null, createdAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.userId, key.userId),
        eq(idempotencyKeys.key, key.key),
        or(
          sql`${idempotencyKeys.createdAt} <= now() - ${KEY_LIFETIME}`,
          isNull(idempotencyKeys.orderId),
        ),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function setIdempotencyKeyOrder(
  db: Database,
  key: { userId: string; key: string; orderId: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ orderId: key.orderId })
    .where(and(eq(idempotencyKeys.userId, key.userId), eq(idempotencyKeys.key, key.key)));
}

// ---------------------------------------------------------------- the owner's reads and writes (D25)

/** Any shopper's order, locked until the transaction ends, as lockOrder does for its owner. */
export async function lockOrderById(db: Database, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

const customerColumns = { id: users.id, name: users.name, email: users.email };

/** Any shopper's order with who placed it. */
export async function findOrderWithCustomer(db: Database, id: string) {
  const [row] = await db
    .select({ order: orders, customer: customerColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  return row;
}

export interface AdminOrderQuery {
  status?: OrderRow['status'] | undefined;
  /** Lower case: the start or end of an order id, or part of the shopper's email. */
  search?: string | undefined;
  offset: number;
  limit: number;
}

/** Every order, newest first, with its shopper and the units it holds. */
export async function findAdminOrderPage(db: Database, query: AdminOrderQuery) {
  const term = query.search ? likeEscaped(query.search) : undefined;
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    term
      ? or(
          sql`${orders.id}::text like ${`${term}%`}`,
          sql`${orders.id}::text like ${`%${term}`}`,
          sql`lower(${users.email}) like ${`%${term}%`}`,
        )
      : undefined,
  );
  const itemCount = sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, customer: customerColumns, itemCount })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Every line of the orders placed in [from, to), oldest order first and its
 * lines in order, with the order and who placed it: the owner's CSV export
 * (issue 27).
 */
export async function findOrderLinesPlacedBetween(db: Database, from: Date, to: Date) {
  return db
    .select({ order: orders, line: orderItems, customer: customerColumns })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(sql`${orders.createdAt} >= ${from}`, lt(orders.createdAt, to)))
    .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderItems.position));
}

/** An order's events, oldest first, with who made each (a shopper or an admin). */
export async function findOrderEventsWithActors(db: Database, orderId: string) {
  return db
    .select({
      event: orderEvents,
      actor: { id: users.id, name: users.name, email: users.email, role: users.role },
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorUserId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

/** Whether any order holds this product: then it may be archived but not deleted. */
export async function isProductOrdered(db: Database, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.productId, productId))
    .limit(1);
  return row !== undefined;
}

/** Whether the user has an order line of the product that was delivered (D28). */
export async function hasDeliveredItem(
  db: Database,
  userId: string,
  productId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'delivered'),
        eq(orderItems.productId, productId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------- online payments (issue 25)

/** The order a Razorpay order was made for, locked for the caller's transaction. */
export async function lockOrderByRazorpayOrderId(
  db: Database,
  razorpayOrderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.razorpayOrderId, razorpayOrderId))
    .for('update');
  return row;
}

export async function findOrderByRazorpayOrderId(
  db: Database,
  razorpayOrderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.razorpayOrderId, razorpayOrderId));
  return row;
}

/** Keeps the Razorpay order made for an order: only the first one, so a retry never makes a second. */
export async function setRazorpayOrder(
  db: Database,
  id: string,
  razorpayOrderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ razorpayOrderId })
    .where(and(eq(orders.id, id), isNull(orders.razorpayOrderId)))
    .returning();
  return row;
}

/**
 * Records an online order's payment while the order is in `status` with no
 * payment yet: 'awaiting-payment' for the payment that pays it, 'cancelled'
 * for one that came after the cancel (then refunded). One winner, however
 * many callers (the browser, webhooks, sweeps on several processes) race, as
 * only such a row is updated; false for every other caller.
 */
export async function recordOnlinePayment(
  db: Database,
  id: string,
  status: 'awaiting-payment' | 'cancelled',
  payment: { paymentReference: string; onlineMethod: string },
): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set(payment)
    .where(
      and(
        eq(orders.id, id),
        eq(orders.status, status),
        eq(orders.paymentMethod, 'online'),
        isNull(orders.paymentReference),
      ),
    )
    .returning({ id: orders.id });
  return updated.length > 0;
}

/**
 * Claims online orders cancelled unpaid that were placed after
 * `placedAfter` (a payment may still arrive for them), at most `limit`,
 * locked for the caller's transaction: a sweep on another process skips them.
 */
export function claimCancelledUnpaidOrders(
  tx: Database,
  { placedAfter, limit }: { placedAfter: Date; limit: number },
): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'cancelled'),
        eq(orders.paymentMethod, 'online'),
        isNull(orders.paymentReference),
        isNotNull(orders.razorpayOrderId),
        gt(orders.createdAt, placedAfter),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Claims one order awaiting payment placed before `placedBefore`, oldest
 * first, locked for the caller's transaction: a sweep on another process
 * skips it, and a payment reported meanwhile waits for the sweep's answer.
 */
export async function claimUnpaidOrder(
  tx: Database,
  placedBefore: Date,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'awaiting-payment'), lt(orders.createdAt, placedBefore)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/**
 * Marks orders awaiting payment since between `placedAfter` and
 * `placedBefore` as reminded, at most `limit`, each once across processes
 * (SKIP LOCKED), and answers them with their shoppers to remind.
 */
export async function claimPaymentReminders(
  tx: Database,
  window: { placedAfter: Date; placedBefore: Date; at: Date; limit: number },
) {
  const due = tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'awaiting-payment'),
        isNull(orders.paymentReminderAt),
        lt(orders.createdAt, window.placedBefore),
        gt(orders.createdAt, window.placedAfter),
      ),
    )
    .limit(window.limit)
    .for('update', { skipLocked: true });
  return tx
    .update(orders)
    .set({ paymentReminderAt: window.at })
    .where(inArray(orders.id, due))
    .returning();
}
