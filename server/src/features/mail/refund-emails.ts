/** The email that a cash order's refund, paid by hand, has been paid (issue 25). */
import { formatRupees, type RefundAccount } from '#contract';
import { shopDayPlus } from '#server/lib/dates.ts';
import {
  action,
  compose,
  details,
  type MailMessage,
  paragraph,
  type Recipient,
} from './html-email.ts';
import { formatDay, orderLink, orderNumber } from './order-emails.ts';

/** What the shop paid, where to, with which reference and when. */
export interface RefundPaid {
  orderId: string;
  amountPaise: number;
  account: RefundAccount | null;
  reference: string;
  paidAt: Date;
}

/** Where the money went, as the shopper gave it: a UPI ID, or a bank account by its last 4 digits. */
export const refundAccountWords = (account: RefundAccount | null) =>
  account === null
    ? 'as agreed with you'
    : account.kind === 'upi'
      ? `to UPI ID ${account.upiId}`
      : `to the bank account ending ${account.accountLast4} (${account.ifsc}, ${account.accountHolder})`;

export function refundPaidEmail(to: Recipient, refund: RefundPaid, publicUrl: string): MailMessage {
  const amount = formatRupees(refund.amountPaise / 100);
  const order = { _id: refund.orderId };
  return compose(
    'refund-paid',
    to,
    `Your refund of ${amount} is paid`,
    [
      paragraph(
        `We have paid the refund of ${amount} for order ${orderNumber(order)} ${refundAccountWords(refund.account)}. It can take up to a working day to show in your account.`,
      ),
      details([
        ['Amount', amount],
        ['Reference', refund.reference],
        ['Paid on', formatDay(shopDayPlus(refund.paidAt, 0))],
      ]),
      paragraph('If it has not arrived in two working days, reply with this reference.'),
      action('View your order', orderLink(publicUrl, order)),
    ],
    publicUrl,
  );
}
