import { z } from 'zod';
import {
  formatRupees,
  NOT_AWAITING_PAYMENT_MESSAGE,
  PAID_AFTER_CANCEL_MESSAGE,
  PAYMENT_NOT_CAPTURED_MESSAGE,
  type PayOrderBody,
  WRONG_PAYMENT_SIGNATURE_MESSAGE,
} from '#contract';
import type { RazorpayConfig } from '#server/config/env.ts';
import type { Database } from '#server/db/client.ts';
import type { OrderRow } from '#server/db/schema/orders.ts';
import type { RefundRow } from '#server/db/schema/payments.ts';
import type { CatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import type { GroupOrdersService } from '#server/features/group-orders/group-orders.service.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import type { PaymentsService, RefundScope } from '#server/features/payments/payments.service.ts';
import {
  isValidPaymentSignature,
  isValidWebhookSignature,
  type RazorpayClient,
} from '#server/features/payments/razorpay.ts';
import { AppError, badRequest, conflict, notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { isUuid } from '#server/lib/ids.ts';
import type { OrderInvoicing } from './order-invoicing.ts';
import { appendOrderEvent, createOrderLifecycle } from './order-lifecycle.ts';
import { toOrder } from './orders.mapper.ts';
import { ORDER_NOT_FOUND } from './orders.messages.ts';
import {
  claimCancelledUnpaidOrders,
  claimPaymentReminders,
  claimUnpaidOrder,
  findOrder,
  findOrderByRazorpayOrderId,
  findOrderEvents,
  findOrderItems,
  findOrderWithCustomer,
  insertOrderEvent,
  lockOrderById,
  lockOrderByRazorpayOrderId,
  recordOnlinePayment,
  setRazorpayOrder,
} from './orders.repository.ts';

/** One 'Payment not completed' email, this long after an online order was placed unpaid. */
export const PAYMENT_REMINDER_AFTER_MS = 10 * 60_000;

/**
 * How long after the payment window the sweep still asks Razorpay about an
 * order it cancelled unpaid: a payment captured then (the shopper paid at
 * minute 31) is refunded. Later ones come by webhook.
 */
export const LATE_PAYMENT_WATCH_MS = 60 * 60_000;
/** The timeline's note on the 'Paid' of a payment that came after the cancel, and its refund's reason. */
export const PAID_AFTER_CANCEL_NOTE = 'Arrived after the order was cancelled: refunded in full';

export const PAYMENT_NOT_STARTED_MESSAGE =
  'Online payment could not be started just now. Your order is saved: please try again in a moment.';
export const WEBHOOK_SIGNATURE_MESSAGE = 'The webhook signature is not valid';

/** What of a payment entity in a webhook the shop reads; Razorpay sends more. */
const WebhookPaymentSchema = z.object({
  id: z.string(),
  order_id: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  method: z.string(),
  error_description: z.string().nullable().optional(),
});
type PaymentFacts = z.infer<typeof WebhookPaymentSchema>;

const WebhookRefundSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullable(),
  status: z.enum(['pending', 'processed', 'failed']),
});

/** A webhook's body as Razorpay documents it: the event and its entities. */
const WebhookSchema = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: WebhookPaymentSchema }).optional(),
    refund: z.object({ entity: WebhookRefundSchema }).optional(),
  }),
});

/** The webhook events that report a payment which may pay (or, late, be refunded to) an order. */
const PAYMENT_EVENTS = new Set(['payment.authorized', 'payment.captured', 'order.paid']);

export interface OnlinePaymentsDependencies {
  razorpay: RazorpayClient;
  keys: Pick<RazorpayConfig, 'keyId' | 'keySecret' | 'webhookSecret'>;
  /** How long an online order waits for its payment (PAYMENT_WINDOW_MINUTES). */
  paymentWindowMs: number;
  payments: Pick<
    PaymentsService,
    'refundRest' | 'findRefunds' | 'sendRefunds' | 'settleRazorpayRefund' | 'claimWebhookEvent'
  >;
  catalogue: Pick<CatalogueService, 'returnStock'>;
  mail: Pick<
    MailService,
    'orderStatusChanged' | 'returnUpdated' | 'paymentReminder' | 'refundSettled'
  >;
  /** Paid, an order is invoiced; cancelled after its invoice, credited (issue 26). */
  invoicing: Pick<OrderInvoicing, 'invoiceOrder' | 'creditCancelledOrder'>;
  /** 'Each pays' group entries, whose members' payments webhooks report too (decision 066). */
  groupEntries: Pick<
    GroupOrdersService,
    'captureReportedPayment' | 'settleReportedPayment' | 'refundSettled' | 'entriesReleased'
  >;
  clock?: () => Date;
}

/** Whether a payment pays exactly this order: its Razorpay order, its total, in rupees. */
const pays = (order: OrderRow, payment: Pick<PaymentFacts, 'order_id' | 'amount' | 'currency'>) =>
  payment.order_id !== null &&
  payment.order_id === order.razorpayOrderId &&
  payment.amount === order.totalPaise &&
  payment.currency === 'INR';

/**
 * The online payment of an order through Razorpay (issue 25, decision 039):
 * the Razorpay order made after checkout commits, Checkout's answer checked
 * and captured, webhooks, and the sweep of unpaid orders. Whoever learns of a
 * captured payment first (the browser, a webhook, a sweep, on any process)
 * marks the order paid; the others find it paid and change nothing.
 */
export function createOnlinePayments(db: Database, deps: OnlinePaymentsDependencies) {
  const { razorpay, keys, payments, catalogue, mail, invoicing, groupEntries } = deps;
  const clock = deps.clock ?? (() => new Date());
  const moveOrder = createOrderLifecycle({ payments, catalogue, mail, invoicing, groupEntries });

  /**
   * Marks an order paid by a captured payment, inside the caller's
   * transaction: the payment is recorded only on an order still awaiting
   * one (a conditional update: one winner), then the order moves to
   * pending, which sends its confirmation email. False when it was not awaiting.
   */
  async function markPaid(tx: Database, orderId: string, payment: PaymentFacts): Promise<boolean> {
    const recorded = await recordOnlinePayment(tx, orderId, 'awaiting-payment', {
      paymentReference: payment.id,
      onlineMethod: payment.method,
    });
    if (!recorded) return false;
    await moveOrder(tx, { orderId, to: 'pending', by: { userId: null, as: 'system' } });
    return true;
  }

  /**
   * A payment that came after its order was cancelled unpaid (the shopper
   * paid at minute 31), inside the caller's transaction with the order
   * locked: recorded on the order once (one winner across processes), then
   * refunded in full, 'Paid' on the timeline with why, and the shopper
   * emailed. True when it wrote a refund, for the caller to send after its commit.
   */
  async function refundLatePayment(
    tx: Database,
    order: OrderRow,
    payment: PaymentFacts,
  ): Promise<boolean> {
    const recorded = await recordOnlinePayment(tx, order.id, 'cancelled', {
      paymentReference: payment.id,
      onlineMethod: payment.method,
    });
    if (!recorded) return false;
    const refund = await payments.refundRest(tx, order, PAID_AFTER_CANCEL_NOTE);
    const { at } = await appendOrderEvent(tx, {
      orderId: order.id,
      type: 'paid',
      note: PAID_AFTER_CANCEL_NOTE,
      actorUserId: null,
    });
    const found = await findOrderWithCustomer(tx, order.id);
    if (found) {
      const [items, events, refunds] = await Promise.all([
        findOrderItems(tx, [order.id]),
        findOrderEvents(tx, [order.id]),
        payments.findRefunds(tx, [order.id]),
      ]);
      await mail.orderStatusChanged(
        tx,
        found.customer,
        toOrder(found.order, items, events, refunds),
        {
          to: 'cancelled',
          at,
          refund: `Your payment of ${formatRupees(payment.amount / 100)} (${payment.method}) arrived after the order was cancelled, so it is refunded in full the way you paid.`,
        },
      );
    }
    return refund !== undefined;
  }

  /**
   * A captured payment for exactly this order, inside the caller's
   * transaction with the order locked: an order awaiting it is marked paid;
   * one cancelled meanwhile is refunded (true: a refund to send after the
   * commit); one already paid changes nothing.
   */
  async function settleCaptured(tx: Database, order: OrderRow, payment: PaymentFacts) {
    if (payment.status !== 'captured' || !pays(order, payment)) return false;
    if (order.status === 'awaiting-payment') {
      await markPaid(tx, order.id, payment);
      return false;
    }
    return order.status === 'cancelled' && refundLatePayment(tx, order, payment);
  }

  /**
   * Captures an authorized payment of an order still awaiting one (manual
   * capture), for its exact amount; another capturer winning is no failure.
   * A cancelled order's authorized payment is not captured: Razorpay gives it back.
   */
  async function captured(order: OrderRow, payment: PaymentFacts): Promise<PaymentFacts> {
    if (payment.status !== 'authorized' || order.status !== 'awaiting-payment') return payment;
    if (!pays(order, payment)) return payment;
    try {
      return await razorpay.capturePayment(payment.id, order.totalPaise);
    } catch {
      return razorpay.fetchPayment(payment.id);
    }
  }

  /**
   * A payment a webhook reports authorized, captured when it pays its order
   * still awaiting one, or a group member's entry still awaiting it (decision 073).
   */
  async function captureReported(razorpayOrderId: string, payment: PaymentFacts) {
    const order = await findOrderByRazorpayOrderId(db, razorpayOrderId);
    if (order) return captured(order, payment);
    return (await deps.groupEntries.captureReportedPayment(payment)) ?? payment;
  }

  /**
   * Tells whoever a refund gave back to how Razorpay settled it, in the
   * webhook's transaction: the order's shopper, or the group's member.
   */
  async function tellRefundSettled(
    tx: Database,
    { settled, retry }: { settled: RefundRow; retry: RefundRow | undefined },
    reference: string,
  ) {
    if (settled.status !== 'refunded' && settled.status !== 'failed') return;
    const outcome = { reference, status: settled.status, retried: retry !== undefined };
    if (settled.groupEntryId) {
      await deps.groupEntries.refundSettled(tx, settled.groupEntryId, {
        ...outcome,
        amountPaise: settled.amountPaise,
      });
      return;
    }
    const found = settled.orderId ? await findOrderWithCustomer(tx, settled.orderId) : undefined;
    if (found) {
      await mail.refundSettled(tx, found.customer, {
        ...outcome,
        of: { orderId: found.order.id },
        amountPaise: settled.amountPaise,
      });
    }
  }

  const razorpayUnavailable = () => new AppError('unavailable', PAYMENT_NOT_STARTED_MESSAGE);

  return {
    keyId: keys.keyId,

    /**
     * Makes the Razorpay order for an online order, after the checkout that
     * placed it committed (never for an order that rolled back). The order's
     * row is locked while Razorpay answers, and the Razorpay order id kept on
     * it: a retried checkout (same Idempotency-Key) finds it and makes no
     * second one. Razorpay unreachable: 503, the order kept; a retry makes it.
     */
    async startPayment(orderId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const order = await lockOrderById(tx, orderId);
        if (!order || order.razorpayOrderId || order.status !== 'awaiting-payment') return;
        const created = await razorpay
          .createOrder({
            amountPaise: order.totalPaise,
            receipt: order.id,
            notes: { order_id: order.id },
          })
          .catch(() => {
            throw razorpayUnavailable();
          });
        await setRazorpayOrder(tx, order.id, created.id);
      });
    },

    /**
     * Checkout's answer for the shopper's order (POST /order/{id}/payment):
     * the signature must be that of OUR Razorpay order and the payment (400
     * otherwise); the payment is fetched, captured when only authorized, and
     * the order marked paid when captured for its exact amount (402 when not).
     * An order already paid answers as it is.
     */
    async payOrder(user: AuthUser, id: string, body: PayOrderBody): Promise<OrderRow> {
      const order = isUuid(id) ? await findOrder(db, user.id, id) : undefined;
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (!order.razorpayOrderId) throw conflict(NOT_AWAITING_PAYMENT_MESSAGE);
      const signed = isValidPaymentSignature(
        {
          orderId: order.razorpayOrderId,
          paymentId: body.razorpay_payment_id,
          signature: body.razorpay_signature,
        },
        keys.keySecret,
      );
      if (!signed) throw badRequest(WRONG_PAYMENT_SIGNATURE_MESSAGE);
      if (order.paymentReference) {
        if (order.status === 'cancelled') throw conflict(PAID_AFTER_CANCEL_MESSAGE);
        return order;
      }
      if (order.status !== 'awaiting-payment' && order.status !== 'cancelled') {
        throw conflict(NOT_AWAITING_PAYMENT_MESSAGE);
      }
      const payment = await razorpay
        .fetchPayment(body.razorpay_payment_id)
        .then((fetched) => captured(order, fetched))
        .catch((error: unknown) => {
          throw error instanceof AppError ? error : razorpayUnavailable();
        });
      if (payment.status !== 'captured' || !pays(order, payment)) {
        if (order.status === 'cancelled') throw conflict(NOT_AWAITING_PAYMENT_MESSAGE);
        throw new AppError('payment_required', PAYMENT_NOT_CAPTURED_MESSAGE);
      }
      const refunded = await db.transaction(async (tx) => {
        const locked = await lockOrderById(tx, order.id);
        return locked ? settleCaptured(tx, locked, payment) : false;
      });
      if (refunded) await payments.sendRefunds({ orderId: order.id });
      const after = await findOrder(db, user.id, order.id);
      if (!after) throw notFound(ORDER_NOT_FOUND);
      if (after.status === 'cancelled') throw conflict(PAID_AFTER_CANCEL_MESSAGE);
      return after;
    },

    /**
     * A Razorpay webhook, on its raw body: a wrong or missing signature is a
     * 400 and changes nothing. Each event id is handled once (noted in the
     * same transaction as its effect), and every effect applies only to what
     * is still waiting for it, so a repeated or late event changes nothing more.
     */
    async handleWebhook(
      rawBody: Buffer,
      signature: string | undefined,
      eventId: string | undefined,
    ): Promise<void> {
      if (!isValidWebhookSignature(rawBody, signature, keys.webhookSecret)) {
        throw badRequest(WEBHOOK_SIGNATURE_MESSAGE);
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw badRequest('The webhook body is not JSON');
      }
      const parsed = WebhookSchema.safeParse(body);
      if (!parsed.success) throw badRequest('The webhook body is not a Razorpay event');
      const { event, payload } = parsed.data;
      const reported = payload.payment?.entity;
      // Manual capture: an authorized payment is captured first, with no row
      // locked while Razorpay answers; the event is noted only with its effect.
      const payment =
        event === 'payment.authorized' && reported?.order_id
          ? await captureReported(reported.order_id, reported)
          : reported;
      const toSend = await db.transaction(async (tx): Promise<RefundScope | undefined> => {
        if (eventId && !(await payments.claimWebhookEvent(tx, eventId, event))) return undefined;
        if (PAYMENT_EVENTS.has(event) && payment?.order_id) {
          const order = await lockOrderByRazorpayOrderId(tx, payment.order_id);
          if (order) {
            return (await settleCaptured(tx, order, payment)) ? { orderId: order.id } : undefined;
          }
          const groupOrderId = await deps.groupEntries.settleReportedPayment(tx, payment);
          return groupOrderId ? { groupOrderId } : undefined;
        }
        if (event === 'payment.failed' && payment?.order_id) {
          const order = await lockOrderByRazorpayOrderId(tx, payment.order_id);
          if (order?.status === 'awaiting-payment') {
            await insertOrderEvent(tx, {
              orderId: order.id,
              type: 'payment-failed',
              note: payment.error_description ?? null,
              actorUserId: null,
              at: clock(),
            });
          }
          return undefined;
        }
        const refund = payload.refund?.entity;
        if ((event === 'refund.processed' || event === 'refund.failed') && refund) {
          // An order's refund or a group member's: one path (decision 073).
          const outcome = await payments.settleRazorpayRefund(tx, refund);
          if (!outcome) return undefined;
          await tellRefundSettled(tx, outcome, refund.id);
          return outcome.retry && { id: outcome.retry.id };
        }
        return undefined;
      });
      if (toSend) await payments.sendRefunds(toSend);
    },

    /**
     * One round of the sweep of unpaid online orders (every process may run
     * it): a 'Payment not completed' reminder once, 10 minutes after the
     * order; then after the payment window, Razorpay is asked for the
     * order's payments: captured marks it paid, authorized is captured and
     * marks it paid, anything else cancels it and its stock comes back; an
     * order it cancelled whose payment was captured since is refunded. Each
     * order is claimed with SKIP LOCKED in its own transaction, so two sweeps
     * never handle one order, and a payment reported meanwhile waits for it.
     */
    async sweepUnpaidOrders({ limit = 20 }: { limit?: number } = {}) {
      const now = clock();
      const windowStart = new Date(now.getTime() - deps.paymentWindowMs);
      const reminded = await db.transaction(async (tx) => {
        const due = await claimPaymentReminders(tx, {
          placedAfter: windowStart,
          placedBefore: new Date(now.getTime() - PAYMENT_REMINDER_AFTER_MS),
          at: now,
          limit,
        });
        for (const order of due) {
          const found = await findOrderWithCustomer(tx, order.id);
          if (!found) continue;
          const [items, events, refunds] = await Promise.all([
            findOrderItems(tx, [order.id]),
            findOrderEvents(tx, [order.id]),
            payments.findRefunds(tx, [order.id]),
          ]);
          await mail.paymentReminder(tx, found.customer, toOrder(order, items, events, refunds));
        }
        return due.length;
      });

      let paid = 0;
      let cancelled = 0;
      for (let round = 0; round < limit; round++) {
        const outcome = await db.transaction(async (tx) => {
          const order = await claimUnpaidOrder(tx, windowStart);
          if (!order) return 'none';
          const attempts = order.razorpayOrderId
            ? await razorpay.fetchOrderPayments(order.razorpayOrderId)
            : [];
          for (const attempt of attempts) {
            const payment = await captured(order, attempt);
            if (payment.status === 'captured' && pays(order, payment)) {
              await settleCaptured(tx, order, payment);
              return 'paid';
            }
          }
          await moveOrder(tx, {
            orderId: order.id,
            to: 'cancelled',
            by: { userId: null, as: 'system' },
            note: 'Not paid in time',
          });
          return 'cancelled';
        });
        if (outcome === 'none') break;
        if (outcome === 'paid') paid++;
        else cancelled++;
      }

      // Orders cancelled unpaid a little while ago: a payment captured since is refunded.
      const late = await db.transaction(async (tx) => {
        const watched = await claimCancelledUnpaidOrders(tx, {
          placedAfter: new Date(windowStart.getTime() - LATE_PAYMENT_WATCH_MS),
          limit,
        });
        const refundedOrders: string[] = [];
        for (const order of watched) {
          const attempts = await razorpay
            .fetchOrderPayments(order.razorpayOrderId ?? '')
            .catch(() => []); // asked again next round
          const payment = attempts.find(
            (attempt) => attempt.status === 'captured' && pays(order, attempt),
          );
          if (payment && (await refundLatePayment(tx, order, payment))) {
            refundedOrders.push(order.id);
          }
        }
        return refundedOrders;
      });
      for (const orderId of late) await payments.sendRefunds({ orderId });
      return { reminded, paid, cancelled, refundedLate: late.length };
    },
  };
}

export type OnlinePayments = ReturnType<typeof createOnlinePayments>;
