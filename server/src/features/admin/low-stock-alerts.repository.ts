import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { productStock, products } from '#server/db/schema/catalogue.ts';
import { lowStockAlerts } from '#server/db/schema/low-stock.ts';
import { orderItems, orders } from '#server/db/schema/orders.ts';

// The daily low-stock email's row (issue 27), and its reads over the catalogue,
// the orders and the accounts. Reads only on those; their writes go through their owners.

const ALERTS_ROW = 1;

const alertColumns = {
  threshold: lowStockAlerts.threshold,
  lastSentDay: lowStockAlerts.lastSentDay,
  lastCheckedAt: lowStockAlerts.lastCheckedAt,
};

export async function readAlerts(db: Database) {
  const [row] = await db
    .select(alertColumns)
    .from(lowStockAlerts)
    .where(eq(lowStockAlerts.id, ALERTS_ROW));
  return row ?? { threshold: 0, lastSentDay: null, lastCheckedAt: null };
}

/**
 * The row, locked until the transaction ends; undefined when another process
 * holds it (that one is deciding, or sending the day's email).
 */
export async function lockAlerts(tx: Database) {
  const [row] = await tx
    .select(alertColumns)
    .from(lowStockAlerts)
    .where(eq(lowStockAlerts.id, ALERTS_ROW))
    .for('update', { skipLocked: true });
  return row;
}

export async function recordAlertsChecked(tx: Database, day: string, at: Date): Promise<void> {
  await tx
    .update(lowStockAlerts)
    .set({ lastSentDay: day, lastCheckedAt: at })
    .where(eq(lowStockAlerts.id, ALERTS_ROW));
}

export async function updateThreshold(db: Database, threshold: number): Promise<number> {
  const [row] = await db
    .update(lowStockAlerts)
    .set({ threshold })
    .where(eq(lowStockAlerts.id, ALERTS_ROW))
    .returning({ threshold: lowStockAlerts.threshold });
  return row?.threshold ?? threshold;
}

/** Every admin, who gets the email. */
export function findAdmins(db: Database) {
  return db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt));
}

/** Sizes of products on sale at 0 units that were ordered since this instant: sold out since. */
export function findSoldOutSince(db: Database, since: Date) {
  return db
    .selectDistinct({ title: products.title, size: productStock.size, stock: productStock.stock })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(
      productStock,
      and(eq(productStock.productId, orderItems.productId), eq(productStock.size, orderItems.size)),
    )
    .innerJoin(products, eq(products.id, productStock.productId))
    .where(
      and(gte(orders.createdAt, since), eq(productStock.stock, 0), isNull(products.archivedAt)),
    )
    .orderBy(asc(products.title), asc(productStock.size));
}
