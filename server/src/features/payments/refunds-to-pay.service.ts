import {
  type MarkRefundPaidBody,
  REFUND_ACCOUNT_NOT_CASH,
  REFUND_ACCOUNT_NOT_DELIVERED,
  REFUND_ALREADY_PAID,
  REFUND_TO_PAY_NOT_FOUND,
  type RefundAccount,
  type RefundPaid,
  type RefundToPayPage,
  refundAlreadyPaid,
  refundPaidByHandNote,
  type SetRefundAccountBody,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import type { OrdersService } from '#server/features/orders/orders.service.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { type PageRequest, pageResult, pageWindow } from '#server/lib/paging.ts';
import {
  findOwnOrderRefunds,
  findRefundAccount,
  findRefundsToPay,
  lockCashRefund,
  markRefunded,
  upsertRefundAccount,
} from './payments.repository.ts';
import { toRefundAccount, toRefundPaid, toRefundToPay } from './refunds-to-pay.mapper.ts';

const ORDER_NOT_FOUND = 'Order not found';

/**
 * Refunds of cash orders (issue 25). A cash order has no payment to refund
 * into, so its refund is never sent to a provider (the sweep and
 * `sendRefunds` skip it): the shopper gives a UPI ID or a bank account, the
 * owner pays it by hand and marks it paid with the payment's reference, and
 * the shopper is emailed and the order's timeline says so in that same transaction.
 */
export function createRefundsToPayService(
  db: Database,
  {
    mail,
    orders,
  }: { mail: Pick<MailService, 'refundPaid'>; orders: Pick<OrdersService, 'appendEvent'> },
  clock: () => Date = () => new Date(),
) {
  /** The shopper's own cash order, delivered (so paid); another's or a missing one is 404 (D2). */
  async function ownDeliveredCashOrder(userId: string, orderId: string) {
    const order = isUuid(orderId) ? await findOwnOrderRefunds(db, userId, orderId) : undefined;
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (order.paymentMethod !== 'cash') throw conflict(REFUND_ACCOUNT_NOT_CASH);
    if (!order.deliveredAt) throw conflict(REFUND_ACCOUNT_NOT_DELIVERED);
    return order;
  }

  return {
    async getRefundAccount(userId: string, orderId: string): Promise<RefundAccount | null> {
      const order = isUuid(orderId) ? await findOwnOrderRefunds(db, userId, orderId) : undefined;
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const row = await findRefundAccount(db, orderId);
      return row ? toRefundAccount(row) : null;
    },

    /** Keeps (or replaces) where the refund goes, until it is paid: then it is a 409. */
    async setRefundAccount(
      userId: string,
      orderId: string,
      body: SetRefundAccountBody,
    ): Promise<RefundAccount> {
      const order = await ownDeliveredCashOrder(userId, orderId);
      const { refundStatuses } = order;
      if (refundStatuses.length > 0 && refundStatuses.every((status) => status === 'refunded')) {
        throw conflict(REFUND_ALREADY_PAID);
      }
      const row = await upsertRefundAccount(
        db,
        body.kind === 'upi'
          ? {
              orderId,
              kind: 'upi',
              upiId: body.upiId,
              accountNumber: null,
              ifsc: null,
              accountHolder: null,
            }
          : {
              orderId,
              kind: 'bank',
              upiId: null,
              accountNumber: body.accountNumber,
              ifsc: body.ifsc,
              accountHolder: body.accountHolder,
            },
        clock(),
      );
      return toRefundAccount(row);
    },

    async listRefundsToPay(query: PageRequest): Promise<RefundToPayPage> {
      const { rows, total } = await findRefundsToPay(db, pageWindow(query));
      return pageResult(rows.map(toRefundToPay), total, query);
    },

    /**
     * Marks a cash refund paid with its reference by the owner `adminId`,
     * puts it on the order's timeline ('Refunded', with the reference) and
     * emails the shopper, in one transaction with the refund's row locked. Marking it again with the
     * same reference (a retry) answers the same and emails nothing more; with
     * another reference it is a 409. A card refund is not the owner's to
     * mark: 404.
     */
    async markRefundPaid(
      adminId: string,
      id: string,
      body: MarkRefundPaidBody,
    ): Promise<RefundPaid> {
      if (!isUuid(id)) throw notFound(REFUND_TO_PAY_NOT_FOUND);
      return db.transaction(async (tx) => {
        const refund = await lockCashRefund(tx, id);
        if (!refund) throw notFound(REFUND_TO_PAY_NOT_FOUND);
        if (refund.status === 'refunded') {
          if (refund.reference === body.reference) return toRefundPaid(refund);
          throw conflict(refundAlreadyPaid(refund.reference ?? ''));
        }
        const paidAt = clock();
        await markRefunded(tx, refund.id, body.reference, paidAt);
        await orders.appendEvent(tx, {
          orderId: refund.orderId,
          type: 'refunded',
          note: refundPaidByHandNote(body.reference),
          actorUserId: adminId,
        });
        await mail.refundPaid(
          tx,
          { name: refund.customerName, email: refund.customerEmail },
          {
            orderId: refund.orderId,
            amountPaise: refund.amountPaise,
            account: refund.account ? toRefundAccount(refund.account) : null,
            reference: body.reference,
            paidAt,
          },
        );
        return toRefundPaid({ ...refund, reference: body.reference, refundedAt: paidAt });
      });
    },
  };
}

export type RefundsToPayService = ReturnType<typeof createRefundsToPayService>;
