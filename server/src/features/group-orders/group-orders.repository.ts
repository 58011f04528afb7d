import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import {
  type GroupOrderEntryRow,
  type GroupOrderRow,
  groupOrderEntries,
  groupOrders,
} from '#server/db/schema/group-orders.ts';

export type NewGroupOrder = typeof groupOrders.$inferInsert;
export type NewGroupOrderEntry = typeof groupOrderEntries.$inferInsert;
export type GroupOrderEntryChanges = Partial<
  Pick<GroupOrderEntryRow, 'name' | 'email' | 'size' | 'playerName' | 'number'>
>;

/** A group with its organiser's name and email, as its page and its emails need them. */
export interface GroupOrderWithOrganiser {
  group: GroupOrderRow;
  organiser: { name: string; email: string };
}

export async function insertGroupOrder(
  db: Database,
  values: NewGroupOrder,
): Promise<GroupOrderRow> {
  const [row] = await db.insert(groupOrders).values(values).returning();
  if (!row) throw new Error('Inserting a group order returned nothing');
  return row;
}

/** A group by its link's token; `forUpdate` locks it for the caller's transaction. */
export async function findGroupOrder(
  db: Database,
  token: string,
  { forUpdate = false } = {},
): Promise<GroupOrderWithOrganiser | undefined> {
  const query = db
    .select({ group: groupOrders, organiser: { name: users.name, email: users.email } })
    .from(groupOrders)
    .innerJoin(users, eq(users.id, groupOrders.organiserId))
    .where(eq(groupOrders.token, token));
  const [row] = forUpdate ? await query.for('update', { of: groupOrders }) : await query;
  return row;
}

export async function countOpenGroupOrders(db: Database, organiserId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(groupOrders)
    .where(and(eq(groupOrders.organiserId, organiserId), eq(groupOrders.status, 'open')));
  return row?.total ?? 0;
}

/** A new deadline: the closing-soon email may go again for it. */
export async function updateDeadline(db: Database, id: string, closesAt: Date): Promise<void> {
  await db
    .update(groupOrders)
    .set({ closesAt, reminderSentAt: null })
    .where(and(eq(groupOrders.id, id), eq(groupOrders.status, 'open')));
}

/**
 * Closes one open group: only the caller whose UPDATE finds it open gets the
 * row back, so however many processes and clicks race, one closes it.
 */
export async function closeGroupOrder(
  db: Database,
  id: string,
  at: Date,
): Promise<GroupOrderRow | undefined> {
  const [row] = await db
    .update(groupOrders)
    .set({ status: 'closed', closedAt: at })
    .where(and(eq(groupOrders.id, id), eq(groupOrders.status, 'open')))
    .returning();
  return row;
}

/**
 * One open group past its deadline, locked for the caller's transaction;
 * groups another process holds are skipped (SKIP LOCKED), so processes
 * sweeping at once each take different ones.
 */
export async function claimDueGroupOrder(
  db: Database,
  now: Date,
): Promise<GroupOrderWithOrganiser | undefined> {
  const [row] = await db
    .select({ group: groupOrders, organiser: { name: users.name, email: users.email } })
    .from(groupOrders)
    .innerJoin(users, eq(users.id, groupOrders.organiserId))
    .where(and(eq(groupOrders.status, 'open'), lte(groupOrders.closesAt, now)))
    .orderBy(asc(groupOrders.closesAt))
    .limit(1)
    .for('update', { of: groupOrders, skipLocked: true });
  return row;
}

/**
 * Marks the closing-soon email sent for every open group closing by `until`
 * that has not had it, and answers those groups: one UPDATE, so each is
 * answered to one process once.
 */
export async function claimDueReminders(
  db: Database,
  now: Date,
  until: Date,
): Promise<GroupOrderRow[]> {
  return db
    .update(groupOrders)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(groupOrders.status, 'open'),
        sql`${groupOrders.reminderSentAt} is null`,
        sql`${groupOrders.closesAt} > ${now.toISOString()}::timestamptz`,
        lte(groupOrders.closesAt, until),
      ),
    )
    .returning();
}

/** The organiser placed the order holding the group's pieces: they are paid for. */
export async function markGroupOrdered(db: Database, ids: string[], orderId: string) {
  for (const id of ids) {
    await db.update(groupOrders).set({ orderId }).where(eq(groupOrders.id, id));
    await db
      .update(groupOrderEntries)
      .set({ paid: true })
      .where(eq(groupOrderEntries.groupOrderId, id));
  }
}

export async function findEntries(db: Database, groupOrderId: string) {
  return db
    .select()
    .from(groupOrderEntries)
    .where(eq(groupOrderEntries.groupOrderId, groupOrderId))
    .orderBy(asc(groupOrderEntries.createdAt), asc(groupOrderEntries.id));
}

export async function findEntry(
  db: Database,
  groupOrderId: string,
  id: string,
): Promise<GroupOrderEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(groupOrderEntries)
    .where(and(eq(groupOrderEntries.groupOrderId, groupOrderId), eq(groupOrderEntries.id, id)));
  return row;
}

export async function countEntries(db: Database, groupOrderId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(groupOrderEntries)
    .where(eq(groupOrderEntries.groupOrderId, groupOrderId));
  return row?.total ?? 0;
}

export async function insertEntry(
  db: Database,
  values: NewGroupOrderEntry,
): Promise<GroupOrderEntryRow> {
  const [row] = await db.insert(groupOrderEntries).values(values).returning();
  if (!row) throw new Error('Inserting a group entry returned nothing');
  return row;
}

export async function updateEntry(
  db: Database,
  id: string,
  changes: GroupOrderEntryChanges,
): Promise<GroupOrderEntryRow | undefined> {
  const [row] = await db
    .update(groupOrderEntries)
    .set(changes)
    .where(eq(groupOrderEntries.id, id))
    .returning();
  return row;
}

export async function deleteEntry(db: Database, id: string): Promise<void> {
  await db.delete(groupOrderEntries).where(eq(groupOrderEntries.id, id));
}
