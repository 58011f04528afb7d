import {
  CARD_DETAILS_REQUIRED_MESSAGE,
  type CardBody,
  type PaymentMethod,
  SAVED_CARD_NOT_FOUND,
  type SavedCard,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { RefundRow } from '#server/db/schema/payments.ts';
import { AppError, badRequest, conflict, notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { paiseToRupees } from '#server/lib/money.ts';
import { hasExpired, isLuhnValid } from './cards.ts';
import { createTestGateway, type PaymentProvider, type TestGateway } from './payment-provider.ts';
import {
  claimPendingRefunds,
  deleteSavedCard,
  findGroupEntriesRefundedPaise,
  findMemberRefunds,
  findPendingRefunds,
  findRefunds,
  findSavedCard,
  findSavedCards,
  insertRefund,
  insertSavedCard,
  insertWebhookEvent,
  lockOrderPayment,
  lockPendingRefund,
  markRefunded,
  type RefundOf,
  type RefundScope,
  recordProviderRefund,
  refundedPaise,
  testGatewayCardsIn,
  whoseRefund,
  withGatewayTransaction,
} from './payments.repository.ts';
import type { RazorpayClient, RazorpayRefund } from './razorpay.ts';

export type { RefundScope } from './payments.repository.ts';

/** How an order was paid, as the order keeps it: brand and last 4 digits at most (D12). */
export interface Payment {
  method: PaymentMethod;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The provider's approval id, which refunds are made against; for 'online', none until paid (issue 25). */
  reference: string | null;
}

export interface PaymentRequestBody {
  method: PaymentMethod;
  amountPaise: number;
  card?: CardBody | undefined;
  savedCard?: { id: string; cvv: string } | undefined;
}

export const refundTooLarge = (leftPaise: number) =>
  leftPaise > 0
    ? `At most ₹${paiseToRupees(leftPaise).toLocaleString('en-IN')} can still be refunded on this order`
    : 'Nothing is left to refund on this order';

/** The built-in test gateway with its cards in `db`; `record` keeps its approvals and refunds for tests. */
export const databaseTestGateway = (db: Database, { record = false } = {}): TestGateway =>
  createTestGateway({ cards: testGatewayCardsIn(db), record });

/** The reason of a refund written again after Razorpay failed the first: it is not retried again. */
export const REFUND_RETRY_REASON = 'Sent again: Razorpay could not complete the refund';

/** A refund's state as Razorpay reports it, in the shop's words. */
export const REFUND_STATUS_OF: Record<RazorpayRefund['status'], RefundRow['status']> = {
  pending: 'pending',
  processed: 'refunded',
  failed: 'failed',
};

/** What a refund is for, in Razorpay's notes (the Dashboard shows them). */
const razorpayNotesOf = (of: RefundOf): Record<string, string> =>
  'orderId' in of ? { order_id: of.orderId } : { group_entry_id: of.groupEntryId };

type PendingRefund = Awaited<ReturnType<typeof findPendingRefunds>>[number];

/**
 * Payments: the test gateway (D12) for cash and card orders, and Razorpay's
 * client, when the shop has its keys, for refunds of online orders (issue 25).
 */
export function createPaymentsService(
  db: Database,
  provider: PaymentProvider = databaseTestGateway(db),
  clock: () => Date = () => new Date(),
  razorpay: RazorpayClient | undefined = undefined,
) {
  async function approve(
    tx: Database,
    request: Parameters<PaymentProvider['authorize']>[0],
    approvals: string[],
  ): Promise<string> {
    const answer = await withGatewayTransaction(tx, () => provider.authorize(request));
    if (!answer.approved) throw new AppError('payment_required', answer.message);
    approvals.push(answer.id);
    return answer.id;
  }

  /**
   * Sends one refund of an online order to Razorpay, its row locked by the
   * caller (issue 25). Razorpay does not de-duplicate refunds, so it first
   * looks for one with this refund's receipt (its id): a refund sent before
   * whose answer was lost, or sent by another process, is found and not sent
   * again. What Razorpay answers (its id, pending or settled) is recorded.
   */
  async function sendRazorpayRefund(
    tx: Database,
    refund: PendingRefund & { paymentReference: string },
  ): Promise<boolean> {
    if (!razorpay) return false; // keys taken away: left pending, shown so
    try {
      const answer = await razorpay.refundOnce(refund.paymentReference, {
        amountPaise: refund.amountPaise,
        receipt: refund.id,
        notes: razorpayNotesOf(whoseRefund(refund)),
      });
      await recordProviderRefund(tx, refund.id, {
        providerReference: answer.id,
        status: REFUND_STATUS_OF[answer.status],
        at: clock(),
      });
      return answer.status === 'processed';
    } catch {
      // Left pending: the order shows it, and the next send or sweep looks for its receipt first.
      return false;
    }
  }

  /** Sends one pending refund; its id is the idempotency key, so a second send moves no more money. */
  async function sendRefund(executor: Database, refund: PendingRefund): Promise<boolean> {
    if (!refund.paymentReference) return false; // an order from before references: refunded by hand
    if (refund.paymentMethod === 'online') {
      return sendRazorpayRefund(executor, { ...refund, paymentReference: refund.paymentReference });
    }
    try {
      const { id } = await provider.refund(
        { authorizationId: refund.paymentReference, method: refund.paymentMethod },
        refund.amountPaise,
        refund.id,
      );
      await markRefunded(executor, refund.id, id, clock());
      return true;
    } catch {
      // Left pending: the order shows it, and the next send or sweep tries again.
      return false;
    }
  }

  /**
   * What is left to refund on an order, with its row locked for the rest of
   * the transaction. Paid is the total: by card when ordered, in cash once
   * delivered (D12); before that a cash order has had nothing paid, and an online one until its payment is recorded.
   */
  async function leftToRefund(tx: Database, orderId: string): Promise<number> {
    const payment = await lockOrderPayment(tx, orderId);
    if (!payment) throw notFound('Order not found');
    const paid =
      (payment.paymentMethod === 'cash' && !payment.deliveredAt) ||
      (payment.paymentMethod === 'online' && !payment.paymentReference)
        ? 0
        : payment.totalPaise;
    return paid - (await refundedPaise(tx, orderId));
  }

  return {
    /**
     * Takes the payment for an order, inside the caller's transaction: a bad
     * card is a 400, a declined one a 402 (a saved card's wrong CVV too), and
     * 'save' has the provider keep the card and the shop its token, name,
     * brand, last 4 and expiry. The card number and CVV go to the provider
     * and nowhere else. Each approval's id is added to `approvals` the moment
     * it is given, so the caller can void it if its transaction rolls back.
     */
    async pay(
      tx: Database,
      userId: string,
      request: PaymentRequestBody,
      approvals: string[],
    ): Promise<Payment> {
      const { method, amountPaise } = request;
      // Paid afterwards in Razorpay Checkout (issue 25): nothing to approve now.
      if (method === 'online') return { method, cardBrand: null, cardLast4: null, reference: null };
      if (method === 'cash') {
        const reference = await approve(tx, { method, amountPaise }, approvals);
        return { method, cardBrand: null, cardLast4: null, reference };
      }
      if (request.savedCard) {
        const { id, cvv } = request.savedCard;
        const saved = isUuid(id) ? await findSavedCard(tx, userId, id) : undefined;
        if (!saved?.token) throw notFound(SAVED_CARD_NOT_FOUND);
        if (hasExpired(saved, clock())) {
          throw badRequest('This saved card has expired', [
            { field: 'savedCardId', message: 'This saved card has expired' },
          ]);
        }
        const reference = await approve(
          tx,
          { method, amountPaise, savedCard: { token: saved.token, cvv } },
          approvals,
        );
        return { method, cardBrand: saved.brand, cardLast4: saved.last4, reference };
      }
      const { card } = request;
      if (!card) throw badRequest(CARD_DETAILS_REQUIRED_MESSAGE);
      if (!isLuhnValid(card.number)) {
        throw badRequest('Card number is not valid', [
          { field: 'card.number', message: 'Card number is not valid' },
        ]);
      }
      if (hasExpired(card, clock())) {
        throw badRequest('Card has expired', [
          { field: 'card.expYear', message: 'Card has expired' },
        ]);
      }
      const details = {
        number: card.number,
        expMonth: card.expMonth,
        expYear: card.expYear,
        cvv: card.cvv,
      };
      const answer = await withGatewayTransaction(tx, () =>
        provider.authorize({ method, amountPaise, card: details }),
      );
      if (!answer.approved) throw new AppError('payment_required', answer.message);
      approvals.push(answer.id);
      const brand = answer.brand ?? 'Card';
      const last4 = answer.last4 ?? card.number.slice(-4);
      if (card.save) {
        const { token } = await withGatewayTransaction(tx, () => provider.saveCard(details));
        await insertSavedCard(tx, {
          userId,
          name: card.name,
          brand,
          last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          token,
        });
      }
      return { method, cardBrand: brand, cardLast4: last4, reference: answer.id };
    },

    /**
     * Voids approvals whose order was not placed (its transaction rolled
     * back). Tries every one; if any fails, throws naming them, as someone
     * must then void them at the gateway by hand.
     */
    async voidPayments(authorizationIds: string[]): Promise<void> {
      const results = await Promise.allSettled(authorizationIds.map((id) => provider.void(id)));
      const failures = results.flatMap((result, index) =>
        result.status === 'rejected' ? [{ id: authorizationIds[index], error: result.reason }] : [],
      );
      if (failures.length > 0) {
        throw new AggregateError(
          failures.map((failure) => failure.error),
          `Payment authorizations not voided: ${failures.map((failure) => failure.id).join(', ')}`,
        );
      }
    },

    /**
     * Decides a refund of `amountPaise` on an order, inside the caller's
     * transaction (the cancel, a return): never more than what was paid less
     * what was refunded, checked with the order's row locked, so two refunds
     * racing cannot both pass (409 otherwise). The refund is written
     * 'pending': the provider is not called here, as a refund sent from a
     * transaction that then rolls back would give money back for nothing.
     * The caller calls `sendRefunds` after its commit (decision 014).
     */
    async refundOrder(
      tx: Database,
      order: { id: string },
      amountPaise: number,
      reason: string,
    ): Promise<RefundRow> {
      if (!Number.isInteger(amountPaise) || amountPaise <= 0) {
        throw badRequest('A refund must be a positive amount');
      }
      const left = await leftToRefund(tx, order.id);
      if (amountPaise > left) throw conflict(refundTooLarge(left));
      return insertRefund(tx, { orderId: order.id, amountPaise, reason });
    },

    /** Refunds whatever is left of an order's payment; nothing when nothing was paid (cash before delivery). */
    async refundRest(tx: Database, order: { id: string }, reason: string) {
      const left = await leftToRefund(tx, order.id);
      return left > 0
        ? insertRefund(tx, { orderId: order.id, amountPaise: left, reason })
        : undefined;
    },

    /**
     * Decides a refund of a group member's own payment (decision 073), inside
     * the caller's transaction, which holds the entry's row: what is asked
     * (all by default) but never more than was paid less what was refunded.
     * Written 'pending' and sent after the commit (`sendRefunds`), as an
     * order's; undefined when nothing is left.
     */
    async refundGroupEntry(
      tx: Database,
      entry: { id: string; paidPaise: number },
      reason: string,
      amountPaise?: number,
    ): Promise<RefundRow | undefined> {
      const refunded = (await findGroupEntriesRefundedPaise(tx, [entry.id])).get(entry.id) ?? 0;
      const left = entry.paidPaise - refunded;
      const amount = Math.min(amountPaise ?? left, left);
      return amount > 0
        ? insertRefund(tx, { groupEntryId: entry.id, amountPaise: amount, reason })
        : undefined;
    },

    /** What was refunded (or is on its way) to each group entry; failed refunds do not count. */
    groupEntriesRefundedPaise: (executor: Database, entryIds: string[]) =>
      findGroupEntriesRefundedPaise(executor, entryIds),

    /**
     * Sends pending refunds to the provider (an order's, a group's members',
     * or one), after the transaction that wrote them committed. Each refund's
     * id is its idempotency key, so sending one twice (two callers, a retry
     * after a crash between the call and the mark) gives the money back once.
     * One the provider refuses or cannot be reached for stays 'pending',
     * shown so, for a later send or the sweep.
     */
    async sendRefunds(scope: RefundScope): Promise<void> {
      for (const refund of await findPendingRefunds(db, scope)) {
        if (refund.paymentMethod !== 'online') {
          await sendRefund(db, refund);
          continue;
        }
        // Sent under its row's lock: a sweep or another process sending it at once skips it.
        await db.transaction(async (tx) => {
          const locked = await lockPendingRefund(tx, refund.id);
          if (locked) await sendRefund(tx, locked);
        });
      }
    },

    /**
     * Settles a refund as a Razorpay webhook reports it (refund.processed,
     * refund.failed), inside the caller's transaction: the refund is found
     * by its receipt (our refund's id); a refund already settled stays as it
     * is (undefined). A failed one no longer counts as refunded, and is
     * written again once, pending (`retry`, a new receipt), for the caller to
     * send after its commit; a retry that fails too stays failed for the owner.
     */
    async settleRazorpayRefund(
      tx: Database,
      refund: Pick<RazorpayRefund, 'id' | 'receipt' | 'status'>,
    ): Promise<{ settled: RefundRow; retry: RefundRow | undefined } | undefined> {
      if (!refund.receipt || !isUuid(refund.receipt)) return undefined; // not one of the shop's
      const settled = await recordProviderRefund(tx, refund.receipt, {
        providerReference: refund.id,
        status: REFUND_STATUS_OF[refund.status],
        at: clock(),
      });
      if (!settled) return undefined;
      const retry =
        settled.status === 'failed' && settled.reason !== REFUND_RETRY_REASON
          ? await insertRefund(tx, {
              ...whoseRefund(settled),
              amountPaise: settled.amountPaise,
              reason: REFUND_RETRY_REASON,
            })
          : undefined;
      return { settled, retry };
    },

    /** Notes a Razorpay webhook event as handled in the caller's transaction; false when it already was. */
    claimWebhookEvent: (tx: Database, eventId: string, event: string) =>
      insertWebhookEvent(tx, { eventId, event }),

    /**
     * The sweep for refunds left pending: the process that wrote one died
     * after its commit and before sending it, or the provider refused it.
     * Those written more than `graceMs` ago are claimed with SKIP LOCKED in
     * one transaction and sent, so two processes sweeping at once never send
     * the same refund; the idempotency key covers a race with `sendRefunds`.
     * Answers how many were refunded.
     */
    async sweepPendingRefunds({ graceMs, limit = 20 }: { graceMs: number; limit?: number }) {
      return db.transaction(async (tx) => {
        const claimed = await claimPendingRefunds(tx, new Date(clock().getTime() - graceMs), limit);
        let refunded = 0;
        for (const refund of claimed) if (await sendRefund(tx, refund)) refunded++;
        return refunded;
      });
    },

    findRefunds,
    findMemberRefunds,

    async listCards(userId: string): Promise<SavedCard[]> {
      const rows = await findSavedCards(db, userId);
      return rows.map((row) => ({
        _id: row.id,
        name: row.name,
        brand: row.brand,
        last4: row.last4,
        expMonth: row.expMonth,
        expYear: row.expYear,
      }));
    },

    /** Removes a saved card; another shopper's is not found (D2). */
    async removeCard(userId: string, id: string): Promise<null> {
      if (!isUuid(id) || !(await deleteSavedCard(db, userId, id))) {
        throw notFound(SAVED_CARD_NOT_FOUND);
      }
      return null;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
