import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { orderItemPrints, type PrintJobRow, printJobs } from '#server/db/schema/print-jobs.ts';

export type NewPrintJob = Pick<
  typeof printJobs.$inferInsert,
  'printKey' | 'side' | 'area' | 'layers'
>;

/**
 * The job of one distinct print, made once: an existing one is kept as it is
 * (queued, working or done), except a failed one, which a new order queues
 * again with fresh attempts. Answers its id.
 */
export async function upsertPrintJob(db: Database, job: NewPrintJob): Promise<string> {
  const [row] = await db
    .insert(printJobs)
    .values(job)
    .onConflictDoUpdate({
      target: printJobs.printKey,
      set: {
        status: sql`case when ${printJobs.status} = 'failed' then 'queued' else ${printJobs.status} end`,
        attempts: sql`case when ${printJobs.status} = 'failed' then 0 else ${printJobs.attempts} end`,
        nextAttemptAt: sql`case when ${printJobs.status} = 'failed' then now() else ${printJobs.nextAttemptAt} end`,
      },
    })
    .returning({ id: printJobs.id });
  if (!row) throw new Error('The print job upsert returned no row');
  return row.id;
}

export async function insertOrderItemPrints(
  db: Database,
  rows: (typeof orderItemPrints.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(orderItemPrints).values(rows);
}

/**
 * Claims up to `limit` due jobs for one worker, as the mail outbox does
 * (D29): queued ones whose time has come, and working ones whose worker's
 * lease ran out (it died). SKIP LOCKED: workers in several processes claim
 * different jobs at the same moment, never one job twice.
 */
export async function claimDueJobs(
  db: Database,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
): Promise<PrintJobRow[]> {
  const due = db
    .select({ id: printJobs.id })
    .from(printJobs)
    .where(and(inArray(printJobs.status, ['queued', 'working']), lte(printJobs.nextAttemptAt, now)))
    .orderBy(printJobs.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(printJobs)
    .set({
      status: 'working',
      attempts: sql`${printJobs.attempts} + 1`,
      nextAttemptAt: leaseUntil,
      updatedAt: now,
    })
    .where(inArray(printJobs.id, due))
    .returning();
}

/** Changes a job this worker still holds: a lapsed claim (another worker took it) changes nothing. */
export async function settleClaimedJob(
  db: Database,
  claim: { id: string; leaseUntil: Date },
  changes: Partial<
    Pick<PrintJobRow, 'status' | 'nextAttemptAt' | 'lastError' | 'png' | 'attempts'>
  >,
): Promise<boolean> {
  const rows = await db
    .update(printJobs)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(
        eq(printJobs.id, claim.id),
        eq(printJobs.status, 'working'),
        eq(printJobs.nextAttemptAt, claim.leaseUntil),
      ),
    )
    .returning({ id: printJobs.id });
  return rows.length > 0;
}

/** The prints of these ordered lines, with their jobs' status (never their PNGs). */
export function findItemPrints(db: Database, orderItemIds: string[]) {
  if (orderItemIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderItemId: orderItemPrints.orderItemId,
      side: orderItemPrints.side,
      printJobId: orderItemPrints.printJobId,
      status: printJobs.status,
    })
    .from(orderItemPrints)
    .innerJoin(printJobs, eq(printJobs.id, orderItemPrints.printJobId))
    .where(inArray(orderItemPrints.orderItemId, orderItemIds));
}

/** A made print file's PNG; undefined until its job is done. */
export async function findPrintPng(db: Database, printJobId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ png: printJobs.png })
    .from(printJobs)
    .where(and(eq(printJobs.id, printJobId), eq(printJobs.status, 'done')));
  return row?.png ?? undefined;
}

/** Every job's status, for tests and the bench: how many are made, how many times each was drawn. */
export function findPrintJobs(db: Database, printJobIds: string[]) {
  if (printJobIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: printJobs.id, status: printJobs.status, attempts: printJobs.attempts })
    .from(printJobs)
    .where(inArray(printJobs.id, printJobIds));
}
