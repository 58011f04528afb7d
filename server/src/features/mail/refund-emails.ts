/** The emails of refunds (issue 25): a cash order's, paid by hand; an online order's, as Razorpay settles it. */
import { formatRupees, orderNumber, type RefundAccount } from '#contract';
import { shopDayPlus } from '#server/lib/dates.ts';
import type { GroupMailFacts } from './group-order-emails.ts';
import {
  action,
  compose,
  details,
  type MailMessage,
  paragraph,
  type Recipient,
} from './html-email.ts';
import { formatDay, orderLink } from './order-emails.ts';

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
        `We have paid the refund of ${amount} for order ${orderNumber(order._id)} ${refundAccountWords(refund.account)}. It can take up to a working day to show in your account.`,
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

/**
 * A refund through Razorpay as it settled it: of an online order, or of a
 * group member's own payment (decision 073); its id and status, and for a
 * failure what happens next.
 */
export interface RefundSettled {
  of: { orderId: string } | { group: GroupMailFacts };
  amountPaise: number;
  /** Razorpay's refund id, rfnd_…. */
  reference: string;
  status: 'refunded' | 'failed';
  /** For a failure: whether the shop sends it again (once), or will contact the shopper. */
  retried: boolean;
}

export function refundSettledEmail(
  to: Recipient,
  refund: RefundSettled,
  publicUrl: string,
): MailMessage {
  const amount = formatRupees(refund.amountPaise / 100);
  const { of } = refund;
  const [what, link] =
    'orderId' in of
      ? [
          `order ${orderNumber(of.orderId)}`,
          action('View your order', orderLink(publicUrl, { _id: of.orderId })),
        ]
      : [
          `your piece of ${of.group.organiserName}'s group order of ${of.group.productTitle}`,
          action('See the group order', of.group.url),
        ];
  const processed = refund.status === 'refunded';
  return compose(
    processed ? 'refund-processed' : 'refund-failed',
    to,
    processed
      ? `Your refund of ${amount} is on its way`
      : `Your refund of ${amount} did not go through`,
    [
      paragraph(
        processed
          ? `Razorpay has processed the refund of ${amount} for ${what}, back the way you paid. Banks take up to 7 working days to show it.`
          : `Razorpay could not complete the refund of ${amount} for ${what}. ${
              refund.retried
                ? 'We are sending it again and will email you when it goes through.'
                : 'We will contact you to pay it another way.'
            }`,
      ),
      details([
        ['Amount', amount],
        ['Razorpay refund id', refund.reference],
        ['Status', processed ? 'Processed' : 'Failed'],
      ]),
      link,
    ],
    publicUrl,
  );
}
