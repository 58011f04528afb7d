import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { OutboxStatus } from '#contract';
import type { Database } from '#server/db/client.ts';
import { outboxMessages } from '#server/db/schema/mail.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxRow = typeof outboxMessages.$inferInsert;

export async function insertOutboxMessage(db: Database, message: NewOutboxRow): Promise<OutboxRow> {
  const [row] = await db.insert(outboxMessages).values(message).returning();
  if (!row) throw new Error('The outbox insert returned no row');
  return row;
}

/**
 * Claims up to `limit` due messages for one worker: pending ones whose time
 * has come, and sending ones whose worker's lease ran out (it died). SKIP
 * LOCKED lets workers in other processes claim other rows at the same moment
 * instead of waiting, and no row is ever claimed by two of them.
 */
export async function claimDueMessages(
  db: Database,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        inArray(outboxMessages.status, ['pending', 'sending']),
        lte(outboxMessages.nextAttemptAt, now),
      ),
    )
    .orderBy(outboxMessages.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({
      status: 'sending',
      attempts: sql`${outboxMessages.attempts} + 1`,
      nextAttemptAt: leaseUntil,
      updatedAt: now,
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
}

/** Changes a message this worker still holds: its claim is its lease's end, so a lapsed claim changes nothing. */
export async function settleClaimedMessage(
  db: Database,
  claim: { id: string; leaseUntil: Date },
  changes: Partial<
    Pick<OutboxRow, 'status' | 'nextAttemptAt' | 'lastError' | 'sentAt' | 'attempts'>
  >,
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(
        eq(outboxMessages.id, claim.id),
        eq(outboxMessages.status, 'sending'),
        eq(outboxMessages.nextAttemptAt, claim.leaseUntil),
      ),
    )
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

export async function findOutboxPage(
  db: Database,
  { status, offset, limit }: { status: OutboxStatus | undefined; offset: number; limit: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = status ? eq(outboxMessages.status, status) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(outboxMessages)
      .where(where)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(outboxMessages).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findOutboxMessage(db: Database, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}
