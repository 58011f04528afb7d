import { and, asc, count, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
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

/** One group with its organiser; `forUpdate` locks it for the caller's transaction. */
async function selectGroupOrder(
  db: Database,
  where: SQL,
  forUpdate: boolean,
): Promise<GroupOrderWithOrganiser | undefined> {
  const query = db
    .select({ group: groupOrders, organiser: { name: users.name, email: users.email } })
    .from(groupOrders)
    .innerJoin(users, eq(users.id, groupOrders.organiserId))
    .where(where);
  const [row] = forUpdate ? await query.for('update', { of: groupOrders }) : await query;
  return row;
}

/** A group by its link's token; `forUpdate` locks it for the caller's transaction. */
export const findGroupOrder = (db: Database, token: string, { forUpdate = false } = {}) =>
  selectGroupOrder(db, eq(groupOrders.token, token), forUpdate);

/** A group by its id (a webhook finds it through an entry); `forUpdate` locks it. */
export const findGroupOrderById = (db: Database, id: string, { forUpdate = false } = {}) =>
  selectGroupOrder(db, eq(groupOrders.id, id), forUpdate);

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

/**
 * These entries' pieces are in this order (decision 072): each is ordered
 * (and paid for) once; a group whose every piece is ordered becomes 'ordered'.
 * Pieces are the entries not dropped (each pays: unpaid ones drop at closing).
 */
export async function markEntriesOrdered(db: Database, entryIds: string[], orderId: string) {
  if (entryIds.length === 0) return;
  const ordered = await db
    .update(groupOrderEntries)
    .set({ orderId, paid: true })
    .where(and(inArray(groupOrderEntries.id, entryIds), isNull(groupOrderEntries.orderId)))
    .returning({ groupOrderId: groupOrderEntries.groupOrderId });
  const groupIds = [...new Set(ordered.map((entry) => entry.groupOrderId))];
  if (groupIds.length === 0) return;
  await db
    .update(groupOrders)
    .set({ status: 'ordered' })
    .where(
      and(
        inArray(groupOrders.id, groupIds),
        eq(groupOrders.status, 'closed'),
        sql`not exists (
          select 1 from ${groupOrderEntries}
          where ${groupOrderEntries.groupOrderId} = ${groupOrders.id}
            and ${groupOrderEntries.orderId} is null
            and ${groupOrderEntries.droppedAt} is null
        )`,
      ),
    );
}

/**
 * A cancelled order's pieces of groups their organisers pay for wait to be
 * ordered again (decision 072): their entries hold no order, and a group
 * that was 'ordered' is 'closed' again. An 'each pays' group's pieces were
 * paid by their members and stay with their order.
 */
export async function releaseEntries(db: Database, orderId: string): Promise<void> {
  const released = await db
    .update(groupOrderEntries)
    .set({ orderId: null, paid: false })
    .where(
      and(
        eq(groupOrderEntries.orderId, orderId),
        inArray(
          groupOrderEntries.groupOrderId,
          db
            .select({ id: groupOrders.id })
            .from(groupOrders)
            .where(eq(groupOrders.payer, 'organiser')),
        ),
      ),
    )
    .returning({ groupOrderId: groupOrderEntries.groupOrderId });
  const groupIds = [...new Set(released.map((entry) => entry.groupOrderId))];
  if (groupIds.length === 0) return;
  await db
    .update(groupOrders)
    .set({ status: 'closed' })
    .where(and(inArray(groupOrders.id, groupIds), eq(groupOrders.status, 'ordered')));
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

/** Each pays (decision 066): the pieces paid for that still count, with a lock on none. */
export async function countPaidPieces(db: Database, groupOrderId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(groupOrderEntries)
    .where(
      and(
        eq(groupOrderEntries.groupOrderId, groupOrderId),
        eq(groupOrderEntries.paid, true),
        isNull(groupOrderEntries.droppedAt),
      ),
    );
  return row?.total ?? 0;
}

/** An entry with its row locked for the caller's transaction. */
export async function lockEntry(db: Database, id: string): Promise<GroupOrderEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(groupOrderEntries)
    .where(eq(groupOrderEntries.id, id))
    .for('update');
  return row;
}

/** The entry a member's Razorpay order pays (a webhook names only that). */
export async function findEntryByRazorpayOrderId(
  db: Database,
  razorpayOrderId: string,
): Promise<GroupOrderEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(groupOrderEntries)
    .where(eq(groupOrderEntries.razorpayOrderId, razorpayOrderId));
  return row;
}

export async function setEntryRazorpayOrder(db: Database, id: string, razorpayOrderId: string) {
  await db.update(groupOrderEntries).set({ razorpayOrderId }).where(eq(groupOrderEntries.id, id));
}

/** Records a member's captured payment on their entry (only once: one winner). */
export async function markEntryPaid(
  db: Database,
  id: string,
  payment: { reference: string; at: Date; dropped: boolean },
): Promise<GroupOrderEntryRow | undefined> {
  const [row] = await db
    .update(groupOrderEntries)
    .set({
      paid: true,
      paymentReference: payment.reference,
      paidAt: payment.at,
      droppedAt: payment.dropped ? payment.at : null,
    })
    .where(and(eq(groupOrderEntries.id, id), eq(groupOrderEntries.paid, false)))
    .returning();
  return row;
}

/** A paid entry no longer counts (left, removed, its size ran out): the row stays for the roster. */
export async function dropEntry(db: Database, id: string, at: Date): Promise<void> {
  await db.update(groupOrderEntries).set({ droppedAt: at }).where(eq(groupOrderEntries.id, id));
}

/**
 * Unpaid entries drop out when an 'each pays' group closes; kept (hidden from
 * the roster) so a payment made after the close still finds its entry and is refunded.
 */
export async function dropUnpaidEntries(db: Database, groupOrderId: string, at: Date) {
  await db
    .update(groupOrderEntries)
    .set({ droppedAt: at })
    .where(
      and(eq(groupOrderEntries.groupOrderId, groupOrderId), eq(groupOrderEntries.paid, false)),
    );
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
