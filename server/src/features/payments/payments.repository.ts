import { AsyncLocalStorage } from 'node:async_hooks';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  lt,
  ne,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import type { PaymentMethod } from '#contract';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { groupOrderEntries } from '#server/db/schema/group-orders.ts';
import { orders } from '#server/db/schema/orders.ts';
import {
  type RefundAccountRow,
  type RefundRow,
  razorpayWebhookEvents,
  refundAccounts,
  refunds,
  savedCards,
  testGatewayCards,
} from '#server/db/schema/payments.ts';
import type { TestGatewayCards } from './payment-provider.ts';

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

const gatewayTransaction = new AsyncLocalStorage<Database>();

/**
 * Runs a call to the payment provider with the test gateway's card store
 * inside the caller's transaction. A charge is made inside checkout's
 * transaction, and a query on another connection would wait for it: PGlite
 * has one connection, and a full PostgreSQL pool has none free. The provider
 * interface stays free of databases (a real provider keeps cards on its side).
 */
export const withGatewayTransaction = <T>(tx: Database, work: () => Promise<T>): Promise<T> =>
  gatewayTransaction.run(tx, work);

/**
 * The built-in test gateway's cards (payment-provider.ts), kept in the
 * database so that every process and every restart charges them.
 */
export const testGatewayCardsIn = (db: Database): TestGatewayCards => ({
  async keep(card) {
    await (gatewayTransaction.getStore() ?? db).insert(testGatewayCards).values(card);
  },
  async find(token) {
    const [row] = await (gatewayTransaction.getStore() ?? db)
      .select()
      .from(testGatewayCards)
      .where(eq(testGatewayCards.token, token));
    return row;
  },
});

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

/** What the order's refunds give back: all but those that failed (their money never left). */
export async function refundedPaise(tx: Database, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(refunds.amountPaise).mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  return row?.total ?? 0;
}

/** Whose payment a refund gives back: an order's, or a group member's own (decision 073). */
export type RefundOf = { orderId: string } | { groupEntryId: string };

export type NewRefund = RefundOf & { amountPaise: number; reason: string };

export function whoseRefund(row: Pick<RefundRow, 'orderId' | 'groupEntryId'>): RefundOf {
  if (row.orderId) return { orderId: row.orderId };
  if (row.groupEntryId) return { groupEntryId: row.groupEntryId };
  throw new Error('A refund gives back an order’s payment or a group entry’s');
}

export async function insertRefund(tx: Database, refund: NewRefund): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(refund).returning();
  if (!row) throw new Error('refund insert returned no row');
  return row;
}

/** What was refunded (or is on its way) to each group entry; failed refunds do not count. */
export async function findGroupEntriesRefundedPaise(
  db: Database,
  entryIds: string[],
): Promise<Map<string, number>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({
      entryId: refunds.groupEntryId,
      total: sum(refunds.amountPaise).mapWith(Number),
    })
    .from(refunds)
    .where(and(inArray(refunds.groupEntryId, entryIds), ne(refunds.status, 'failed')))
    .groupBy(refunds.groupEntryId);
  return new Map(rows.flatMap((row) => (row.entryId ? [[row.entryId, row.total]] : [])));
}

export function findRefunds(db: Database, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/**
 * The refunds of the members of the 'each pays' group that became this order
 * (decision 073), oldest first, with whom each went to: the owner sees them on the order.
 */
export function findMemberRefunds(db: Database, orderId: string) {
  return db
    .select({ refund: refunds, memberName: groupOrderEntries.name })
    .from(refunds)
    .innerJoin(groupOrderEntries, eq(groupOrderEntries.id, refunds.groupEntryId))
    .where(
      // The group whose pieces this order holds (decision 072): its leavers' refunds too.
      inArray(
        groupOrderEntries.groupOrderId,
        db
          .select({ id: groupOrderEntries.groupOrderId })
          .from(groupOrderEntries)
          .where(eq(groupOrderEntries.orderId, orderId)),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/**
 * A pending refund with the payment it goes back to: the order's, or a group
 * member's own, always paid online through Razorpay (decision 073).
 */
const pendingRefundColumns = {
  id: refunds.id,
  orderId: refunds.orderId,
  groupEntryId: refunds.groupEntryId,
  amountPaise: refunds.amountPaise,
  providerReference: refunds.providerReference,
  paymentMethod: sql<PaymentMethod>`coalesce(${orders.paymentMethod}, 'online')`,
  paymentReference: sql<
    string | null
  >`coalesce(${orders.paymentReference}, ${groupOrderEntries.paymentReference})`,
};

/** Refunds with what paid them: an order's or a group entry's. */
const refundsWithPayments = (db: Database) =>
  db
    .select(pendingRefundColumns)
    .from(refunds)
    .leftJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(groupOrderEntries, eq(groupOrderEntries.id, refunds.groupEntryId));

/** A cash order's refund goes to no provider: the owner pays it by hand (issue 25). */
const sentToProvider = sql`coalesce(${orders.paymentMethod}, 'online') <> 'cash'`;

/** Whose pending refunds to send: an order's, a group's members', or one refund. */
export type RefundScope = { orderId: string } | { groupOrderId: string } | { id: string };

const inScope = (scope: RefundScope): SQL | undefined =>
  'orderId' in scope
    ? eq(refunds.orderId, scope.orderId)
    : 'groupOrderId' in scope
      ? eq(groupOrderEntries.groupOrderId, scope.groupOrderId)
      : eq(refunds.id, scope.id);

/** Refunds still to send to the provider, with what paid them. */
export function findPendingRefunds(db: Database, scope: RefundScope) {
  return refundsWithPayments(db)
    .where(and(inScope(scope), eq(refunds.status, 'pending'), sentToProvider))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
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
  return refundsWithPayments(tx)
    .where(
      and(
        eq(refunds.status, 'pending'),
        lt(refunds.createdAt, writtenBefore),
        isNotNull(pendingRefundColumns.paymentReference),
        sentToProvider,
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(limit)
    .for('update', { of: refunds, skipLocked: true });
}

// ---------------------------------------------------------------- refunds of cash orders (issue 25)

/** One of the shopper's orders, as far as its refund by hand goes; undefined when not theirs. */
export async function findOwnOrderRefunds(db: Database, userId: string, orderId: string) {
  const [order] = await db
    .select({ paymentMethod: orders.paymentMethod, deliveredAt: orders.deliveredAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return undefined;
  const statuses = await db
    .select({ status: refunds.status })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return { ...order, refundStatuses: statuses.map((row) => row.status) };
}

export async function findRefundAccount(db: Database, orderId: string) {
  const [row] = await db.select().from(refundAccounts).where(eq(refundAccounts.orderId, orderId));
  return row;
}

export type NewRefundAccount = Omit<RefundAccountRow, 'updatedAt'>;

export async function upsertRefundAccount(
  db: Database,
  account: NewRefundAccount,
  at: Date,
): Promise<RefundAccountRow> {
  const [row] = await db
    .insert(refundAccounts)
    .values({ ...account, updatedAt: at })
    .onConflictDoUpdate({
      target: refundAccounts.orderId,
      set: {
        kind: account.kind,
        upiId: account.upiId,
        accountNumber: account.accountNumber,
        ifsc: account.ifsc,
        accountHolder: account.accountHolder,
        updatedAt: at,
      },
    })
    .returning();
  if (!row) throw new Error('refund account upsert returned no row');
  return row;
}

const refundToPayColumns = {
  id: refunds.id,
  orderId: orders.id,
  amountPaise: refunds.amountPaise,
  reason: refunds.reason,
  status: refunds.status,
  reference: refunds.providerReference,
  createdAt: refunds.createdAt,
  refundedAt: refunds.refundedAt,
  customerId: users.id,
  customerName: users.name,
  customerEmail: users.email,
  account: refundAccounts,
};

const cashRefunds = (db: Database) =>
  db
    .select(refundToPayColumns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(refundAccounts, eq(refundAccounts.orderId, refunds.orderId));

const toPay = and(eq(orders.paymentMethod, 'cash'), eq(refunds.status, 'pending'));

/** Cash orders' refunds still to pay by hand, oldest first, with whom and where to. */
export async function findRefundsToPay(db: Database, window: { offset: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    cashRefunds(db)
      .where(toPay)
      .orderBy(asc(refunds.createdAt), asc(refunds.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ count: count() })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(toPay),
  ]);
  return { rows, total: total?.count ?? 0 };
}

/** A cash order's refund, its row locked for the caller's transaction: two marks run one after the other. */
export async function lockCashRefund(tx: Database, id: string) {
  const [row] = await cashRefunds(tx)
    .where(and(eq(refunds.id, id), eq(orders.paymentMethod, 'cash')))
    .for('update', { of: refunds });
  return row;
}

export type CashRefundRow = NonNullable<Awaited<ReturnType<typeof lockCashRefund>>>;
/**
 * One pending refund, locked for the caller's transaction, or undefined when
 * another process holds it (it is sending it) or it is no longer pending.
 */
export async function lockPendingRefund(tx: Database, id: string) {
  const [row] = await refundsWithPayments(tx)
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .for('update', { of: refunds, skipLocked: true });
  return row;
}

/**
 * What Razorpay says of a refund (issue 25): its id, and once it settled,
 * refunded or failed. Only a pending refund changes, so a late or repeated
 * report (a webhook out of order) changes nothing more; answers it when it changed.
 */
export async function recordProviderRefund(
  db: Database,
  id: string,
  answer: { providerReference: string; status: RefundRow['status']; at: Date },
): Promise<RefundRow | undefined> {
  const [updated] = await db
    .update(refunds)
    .set({
      providerReference: answer.providerReference,
      status: answer.status,
      refundedAt: answer.status === 'refunded' ? answer.at : null,
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return updated;
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
