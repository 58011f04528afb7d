import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { orders } from '#server/db/schema/orders.ts';

/** Whose order it is (a read of the orders table): undefined when there is no such order. */
export async function findOrderOwner(db: Database, orderId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.userId;
}
