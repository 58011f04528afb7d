import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { ReturnStatus } from '#contract';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { orderItems, orders } from '#server/db/schema/orders.ts';
import { type ReturnRow, returnItems, returns } from '#server/db/schema/returns.ts';

export type NewReturn = typeof returns.$inferInsert;
export type NewReturnItem = typeof returnItems.$inferInsert;

export async function insertReturn(
  tx: Database,
  request: NewReturn,
  items: Omit<NewReturnItem, 'returnId'>[],
): Promise<ReturnRow> {
  const [row] = await tx.insert(returns).values(request).returning();
  if (!row) throw new Error('Inserting a return returned no row');
  await tx.insert(returnItems).values(items.map((item) => ({ ...item, returnId: row.id })));
  return row;
}

/** Units of each of an order's lines already in returns that were not rejected. */
export function findReturnedUnits(tx: Database, orderId: string): Promise<Map<string, number>> {
  return sumUnits(tx, and(eq(returns.orderId, orderId), ne(returns.status, 'rejected')));
}

/** Units of each of an order's lines received back for money: what its credit notes credited (issue 26). */
export function findCreditedUnits(tx: Database, orderId: string): Promise<Map<string, number>> {
  return sumUnits(
    tx,
    and(
      eq(returns.orderId, orderId),
      eq(returns.status, 'received'),
      eq(returnItems.kind, 'return'),
    ),
  );
}

async function sumUnits(tx: Database, where: SQL | undefined): Promise<Map<string, number>> {
  const rows = await tx
    .select({ orderItemId: returnItems.orderItemId, quantity: returnItems.quantity })
    .from(returnItems)
    .innerJoin(returns, eq(returns.id, returnItems.returnId))
    .where(where);
  const units = new Map<string, number>();
  for (const row of rows)
    units.set(row.orderItemId, (units.get(row.orderItemId) ?? 0) + row.quantity);
  return units;
}

/** A return, locked until the transaction ends: of two steps racing, the second sees the first's result. */
export async function lockReturn(tx: Database, id: string): Promise<ReturnRow | undefined> {
  const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
  return row;
}

export async function findReturn(db: Database, id: string): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  return row;
}

export function findOrderReturns(db: Database, orderId: string): Promise<ReturnRow[]> {
  return db
    .select()
    .from(returns)
    .where(eq(returns.orderId, orderId))
    .orderBy(asc(returns.createdAt), asc(returns.id));
}

export async function updateReturn(
  tx: Database,
  id: string,
  changes: Partial<Omit<ReturnRow, 'id' | 'orderId' | 'createdAt'>>,
): Promise<ReturnRow> {
  const [row] = await tx.update(returns).set(changes).where(eq(returns.id, id)).returning();
  if (!row) throw new Error('Updating a return returned no row');
  return row;
}

/** The items of some returns, each with the order line it takes units of. */
export function findReturnItems(db: Database, returnIds: string[]) {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .select({ item: returnItems, line: orderItems })
    .from(returnItems)
    .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(inArray(returnItems.returnId, returnIds))
    .orderBy(asc(orderItems.position), asc(returnItems.kind), asc(returnItems.id));
}

export type ReturnItemWithLine = Awaited<ReturnType<typeof findReturnItems>>[number];

const customerColumns = { id: users.id, name: users.name, email: users.email };
const paymentColumns = {
  paymentMethod: orders.paymentMethod,
  cardBrand: orders.cardBrand,
  cardLast4: orders.cardLast4,
};

/** Every return, newest first, with who asked for it (the owner's list). */
export async function findAdminReturnPage(
  db: Database,
  query: { status?: ReturnStatus | undefined; offset: number; limit: number },
) {
  const where = query.status ? eq(returns.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ request: returns, customer: customerColumns, payment: paymentColumns })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(returns.createdAt), desc(returns.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(returns).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One return with who asked for it. */
export async function findReturnWithCustomer(db: Database, id: string) {
  const [row] = await db
    .select({ request: returns, customer: customerColumns, payment: paymentColumns })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(returns.id, id));
  return row;
}
