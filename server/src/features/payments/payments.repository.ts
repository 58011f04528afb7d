import { and, asc, desc, eq, inArray, isNotNull, lt, ne, sum } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { orders } from '#server/db/schema/orders.ts';
import {
  type RefundRow,
  razorpayWebhookEvents,
  refunds,
  savedCards,
} from '#server/db/schema/payments.ts';

/** A saved card is only what identifies it to its owner and the provider's token: never its number or CVV (D12). */
export interface NewSavedCard {
  userId: string;
  name: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  token: string;
}

export async function insertSavedCard(db: Database, card: NewSavedCard): Promise<void> {
  await db.insert(savedCards).values(card);
}

/** The cards a shopper can pay with: those saved before tokens cannot be charged, so are not offered. */
export function findSavedCards(db: Database, userId: string) {
  return db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), isNotNull(savedCards.token)))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
}

export async function findSavedCard(db: Database, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.id, id), isNotNull(savedCards.token)));
  return row;
}

export async function deleteSavedCard(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.id, id)))
    .returning({ id: savedCards.id });
  return deleted.length > 0;
}

/**
 * The order's payment, its row locked for the rest of the transaction: two
 * refunds of one order run one after the other, each seeing the other's sum.
 * (A read over the orders' table, as features/README.md allows; the lock is
 * the same one the order's moves take.)
 */
export async function lockOrderPayment(tx: Database, orderId: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      totalPaise: orders.totalPaise,
      paymentMethod: orders.paymentMethod,
      paymentReference: orders.paymentReference,
      deliveredAt: orders.deliveredAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row;
}

export async function refundedPaise(tx: Database, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(refunds.amountPaise).mapWith(Number) })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return row?.total ?? 0;
}

export async function insertRefund(
  tx: Database,
  refund: { orderId: string; amountPaise: number; reason: string },
): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(refund).returning();
  if (!row) throw new Error('refund insert returned no row');
  return row;
}

export function findRefunds(db: Database, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

const pendingRefundColumns = {
  id: refunds.id,
  orderId: refunds.orderId,
  amountPaise: refunds.amountPaise,
  providerReference: refunds.providerReference,
  paymentMethod: orders.paymentMethod,
  paymentReference: orders.paymentReference,
};

/** Refunds still to send to the provider, with what the order was paid by. */
export function findPendingRefunds(db: Database, orderId: string) {
  return db
    .select(pendingRefundColumns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')))
    .orderBy(asc(refunds.createdAt));
}

export async function markRefunded(
  db: Database,
  id: string,
  providerReference: string,
  refundedAt: Date,
): Promise<void> {
  await db
    .update(refunds)
    .set({ status: 'refunded', providerReference, refundedAt })
    .where(and(eq(refunds.id, id), ne(refunds.status, 'refunded')));
}

/**
 * Claims refunds left pending since before `writtenBefore` (their sender died
 * after the commit, or the provider could not be reached), oldest first,
 * locked for the caller's transaction: a second process's sweep skips them.
 */
export function claimPendingRefunds(tx: Database, writtenBefore: Date, limit: number) {
  return tx
    .select(pendingRefundColumns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(refunds.status, 'pending'),
        lt(refunds.createdAt, writtenBefore),
        isNotNull(orders.paymentReference),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(limit)
    .for('update', { of: refunds, skipLocked: true });
}

/**
 * One pending refund, locked for the caller's transaction, or undefined when
 * another process holds it (it is sending it) or it is no longer pending.
 */
export async function lockPendingRefund(tx: Database, id: string) {
  const [row] = await tx
    .select(pendingRefundColumns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .for('update', { of: refunds, skipLocked: true });
  return row;
}

/**
 * What Razorpay says of a refund (issue 25): its id, and once it settled,
 * refunded or failed. Only a pending refund changes, so a late or repeated
 * report (a webhook out of order) changes nothing more.
 */
export async function recordProviderRefund(
  db: Database,
  id: string,
  answer: { providerReference: string; status: RefundRow['status']; at: Date },
): Promise<boolean> {
  const updated = await db
    .update(refunds)
    .set({
      providerReference: answer.providerReference,
      status: answer.status,
      refundedAt: answer.status === 'refunded' ? answer.at : null,
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id });
  return updated.length > 0;
}

/** Notes a webhook event as handled; false when it already was (a second delivery). */
export async function insertWebhookEvent(
  tx: Database,
  event: { eventId: string; event: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(razorpayWebhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: razorpayWebhookEvents.eventId });
  return inserted.length > 0;
}
