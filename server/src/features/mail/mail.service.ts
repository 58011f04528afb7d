import {
  APP_ROUTE_PATHS,
  HELD_NO_MAIL_SERVER,
  type ListOutboxQuery,
  type Order,
  type OutboxMessage,
  type OutboxPage,
  type ReturnRequest,
} from '#contract';
import type { MailConfig } from '#server/config/env.ts';
import type { Database } from '#server/db/client.ts';
import { notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { pageResult, pageWindow } from '#server/lib/paging.ts';
import {
  emailChangeConfirmEmail,
  emailChangeNoticeEmail,
  passwordResetEmail,
  welcomeEmail,
} from './account-emails.ts';
import {
  type GroupMailEntry,
  type GroupMailFacts,
  type GroupMailPayment,
  groupClosedMemberEmail,
  groupClosedOrganiserEmail,
  groupClosingSoonEmail,
  groupJoinedEmail,
  groupRefundedEmail,
} from './group-order-emails.ts';
import type { MailMessage, Recipient, UnverifiedRecipient } from './html-email.ts';
import { type LowStockReport, lowStockEmail } from './low-stock-emails.ts';
import { toOutboxMessage, toOutboxSummary } from './mail.mapper.ts';
import { findOutboxMessage, findOutboxPage, insertOutboxMessage } from './mail.repository.ts';
import { newsletterConfirmEmail, newsletterCouponEmail } from './newsletter-emails.ts';
import {
  orderCancelledEmail,
  orderDeliveredEmail,
  orderLink,
  orderPlacedEmail,
  orderShippedEmail,
  paymentReminderEmail,
  refundNote,
} from './order-emails.ts';
import {
  type RefundPaid,
  type RefundSettled,
  refundPaidEmail,
  refundSettledEmail,
} from './refund-emails.ts';
import { type ReturnMailKind, returnUpdateEmail } from './return-emails.ts';
import { backInStockEmail, stockAlertConfirmEmail } from './stock-alert-emails.ts';

export const OUTBOX_MESSAGE_NOT_FOUND = 'Message not found';

/** What changed on an order: its new status, and for a cancel what happens to the money. */
export interface OrderTransition {
  to: Order['status'];
  at: Date;
  /** For a cancelled order: the refund in words; by default what refundNote() says. */
  refund?: string;
}

/** A step of a return or exchange (D31): which email, and the return as it is now. */
export interface ReturnUpdate {
  kind: ReturnMailKind;
  request: ReturnRequest;
}

/**
 * The shop's email (D29, D32). Each event writes its message to the outbox in
 * the event's own transaction: the message exists exactly when the event
 * does, and the worker (mail-worker.ts) delivers it after the commit.
 */
export function createMailService(db: Database, config: Pick<MailConfig, 'smtpUrl' | 'publicUrl'>) {
  const { publicUrl } = config;

  /** Writes a message in the caller's transaction; held, with the reason, when no mail server is configured. */
  async function enqueue(executor: Database, message: MailMessage): Promise<void> {
    await insertOutboxMessage(executor, {
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      kind: message.kind,
      attachInvoiceOf: message.attachInvoiceOf,
      designPicturesOf: message.designPicturesOf,
      ...(config.smtpUrl ? {} : { status: 'held', lastError: HELD_NO_MAIL_SERVER }),
    });
  }

  /** A link on the shop's public URL to one of its pages, carrying a token as `?token=`. */
  const tokenLink = (page: string, token: string) =>
    `${publicUrl}${page}?${new URLSearchParams({ token })}`;

  return {
    enqueue,

    welcome: (executor: Database, to: UnverifiedRecipient) =>
      enqueue(executor, welcomeEmail(to, publicUrl)),

    orderPlaced: (executor: Database, to: Recipient, order: Order) =>
      enqueue(executor, orderPlacedEmail(to, order, publicUrl)),

    /**
     * The one hook for an order's status change (shipped, delivered,
     * cancelled; and pending: an online order's payment arrived, so it is
     * confirmed now, issue 25).
     */
    async orderStatusChanged(
      executor: Database,
      to: Recipient,
      order: Order,
      transition: OrderTransition,
    ): Promise<void> {
      if (transition.to === 'pending') {
        await enqueue(executor, orderPlacedEmail(to, order, publicUrl));
      } else if (transition.to === 'shipped') {
        await enqueue(executor, orderShippedEmail(to, order, publicUrl));
      } else if (transition.to === 'delivered') {
        await enqueue(executor, orderDeliveredEmail(to, order, transition.at, publicUrl));
      } else if (transition.to === 'cancelled') {
        const refund = transition.refund ?? refundNote(order);
        await enqueue(executor, orderCancelledEmail(to, order, refund, publicUrl));
      }
    },

    /** Issue 25: 'Payment not completed', with a link to the order's page and its 'Pay now'. */
    paymentReminder: (executor: Database, to: Recipient, order: Order) =>
      enqueue(executor, paymentReminderEmail(to, order, publicUrl)),

    /** The one hook for a step of a return or exchange (D31). */
    returnUpdated: (executor: Database, to: Recipient, order: Order, update: ReturnUpdate) =>
      enqueue(executor, returnUpdateEmail(update.kind, to, order, update.request, publicUrl)),

    /** Issue 27: the day's low-stock email to one admin, in the transaction that records it sent. */
    lowStock: (executor: Database, to: Recipient, report: LowStockReport) =>
      enqueue(executor, lowStockEmail(to, report, publicUrl)),

    /** A cash order's refund, paid by hand (issue 25): in the transaction that marks it paid. */
    refundPaid: (executor: Database, to: Recipient, refund: RefundPaid) =>
      enqueue(executor, refundPaidEmail(to, refund, publicUrl)),

    /** An online order's refund as Razorpay settled it (issue 25): in the webhook's transaction. */
    refundSettled: (executor: Database, to: Recipient, refund: RefundSettled) =>
      enqueue(executor, refundSettledEmail(to, refund, publicUrl)),

    /** The reset link for a token: /reset-password?token=… on the shop's public URL. */
    passwordReset: (executor: Database, to: Recipient, token: string) =>
      enqueue(
        executor,
        passwordResetEmail(to, tokenLink(APP_ROUTE_PATHS.resetPassword, token), publicUrl),
      ),

    /** The confirmation link to the new address and the 'this was not me' link to the old one. */
    async emailChangeRequested(
      executor: Database,
      change: { account: Recipient; newEmail: string; confirmToken: string; undoToken: string },
    ): Promise<void> {
      await enqueue(
        executor,
        emailChangeConfirmEmail(
          { email: change.newEmail },
          tokenLink(APP_ROUTE_PATHS.confirmEmailChange, change.confirmToken),
          publicUrl,
        ),
      );
      await enqueue(
        executor,
        emailChangeNoticeEmail(
          change.account,
          change.newEmail,
          tokenLink(APP_ROUTE_PATHS.cancelEmailChange, change.undoToken),
          publicUrl,
        ),
      );
    },

    /** Issue 27: the link that confirms a newsletter subscription: /newsletter/confirm?token=…. */
    newsletterConfirm: (executor: Database, email: string, token: string) =>
      enqueue(
        executor,
        newsletterConfirmEmail(
          { name: 'there', email },
          tokenLink(APP_ROUTE_PATHS.confirmNewsletter, token),
          publicUrl,
        ),
      ),

    /** Issue 27: a confirmed subscriber's single-use code. */
    newsletterCoupon: (executor: Database, email: string, code: string) =>
      enqueue(executor, newsletterCouponEmail({ name: 'there', email }, code, publicUrl)),

    /** D33: the link that confirms a request for a sold-out size: /stock-alerts/confirm?token=…. */
    stockAlertConfirm: (
      executor: Database,
      to: Recipient,
      product: { title: string; size: string },
      token: string,
    ) =>
      enqueue(
        executor,
        stockAlertConfirmEmail(
          to,
          product,
          `${publicUrl}${APP_ROUTE_PATHS.confirmStockAlert}?${new URLSearchParams({ token })}`,
          publicUrl,
        ),
      ),

    /** D33: one request for a sold-out size answered, in the transaction that marks it done. */
    backInStock: (
      executor: Database,
      to: Recipient,
      product: { id: string; title: string; size: string },
    ) => enqueue(executor, backInStockEmail(to, product, publicUrl)),

    /** Issue 29: a member joined a group order; the link lets them change their entry. */
    groupJoined: (
      executor: Database,
      to: Recipient,
      group: GroupMailFacts,
      entry: GroupMailEntry,
      editUrl: string,
      payment: GroupMailPayment | null = null,
    ) => enqueue(executor, groupJoinedEmail(to, group, entry, editUrl, publicUrl, payment)),

    /** Decision 066: a member's own payment (or the difference of a better price break) refunded. */
    groupRefunded: (
      executor: Database,
      to: Recipient,
      group: GroupMailFacts,
      refund: { amountPaise: number; reason: string },
    ) => enqueue(executor, groupRefundedEmail(to, group, refund, publicUrl)),

    /** Issue 29: a day before a group's deadline, to its organiser and each member, once. */
    async groupClosingSoon(executor: Database, recipients: Recipient[], group: GroupMailFacts) {
      for (const to of recipients) {
        await enqueue(executor, groupClosingSoonEmail(to, group, publicUrl));
      }
    },

    /**
     * Issue 29: a group closed: the organiser finds the pieces in their cart,
     * or (each pays, decision 066) the order `orderId` made of them; each member hears.
     */
    async groupClosed(
      executor: Database,
      organiser: Recipient,
      members: Recipient[],
      group: GroupMailFacts,
      sizeTotals: [string, string][],
      orderId: string | null = null,
    ) {
      await enqueue(
        executor,
        groupClosedOrganiserEmail(
          organiser,
          group,
          sizeTotals,
          orderId === null
            ? { cartUrl: `${publicUrl}${APP_ROUTE_PATHS.cart}` }
            : { orderUrl: orderLink(publicUrl, { _id: orderId }) },
          publicUrl,
        ),
      );
      for (const to of members)
        await enqueue(executor, groupClosedMemberEmail(to, group, orderId !== null, publicUrl));
    },

    async listOutbox(query: ListOutboxQuery): Promise<OutboxPage> {
      const { rows, total } = await findOutboxPage(db, {
        status: query.status,
        ...pageWindow(query),
      });
      return pageResult(rows.map(toOutboxSummary), total, query);
    },

    async getOutboxMessage(id: string): Promise<OutboxMessage> {
      const row = isUuid(id) ? await findOutboxMessage(db, id) : undefined;
      if (!row) throw notFound(OUTBOX_MESSAGE_NOT_FOUND);
      return toOutboxMessage(row);
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
