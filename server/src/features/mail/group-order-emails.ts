/** The emails of a group order (issue 29): a member joined, the deadline is near, it closed. */
import { formatRupees, GROUP_ORDER_LIMITS, SHOP_TIME_ZONE } from '#contract';
import {
  action,
  compose,
  details,
  type MailMessage,
  paragraph,
  type Recipient,
} from './html-email.ts';

const DEADLINE = new Intl.DateTimeFormat('en-IN', {
  timeZone: SHOP_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});
/** A deadline as the shop's clock reads it: 'on 5 Dec 2026, 6:00 pm IST'. */
const deadline = (at: Date) => `on ${DEADLINE.format(at)} IST`;

/** What every group email names: the product, the deadline and the group's page. */
export interface GroupMailFacts {
  productTitle: string;
  organiserName: string;
  closesAt: Date;
  /** The group's page: /g/{token} on the shop's public URL. */
  url: string;
}

/** A member's entry as their email repeats it. */
export interface GroupMailEntry {
  size: string;
  playerName: string | null;
  number: number | null;
}

function entryRows(entry: GroupMailEntry): [string, string][] {
  const rows: [string, string][] = [['Size', entry.size]];
  if (entry.playerName) rows.push(['Name on the back', entry.playerName]);
  if (entry.number !== null) rows.push(['Number', String(entry.number)]);
  return rows;
}

/** A member's own payment in an 'each pays' group (decision 066): the receipt's lines. */
export interface GroupMailPayment {
  amountPaise: number;
  /** Razorpay's payment id. */
  reference: string;
}

const rupees = (paise: number) => formatRupees(paise / 100);

/**
 * To a member who joined (in an 'each pays' group, once their payment is
 * captured, with its receipt): their entry, and the link that lets them
 * change it until the deadline.
 */
export function groupJoinedEmail(
  to: Recipient,
  group: GroupMailFacts,
  entry: GroupMailEntry,
  editUrl: string,
  publicUrl: string,
  payment: GroupMailPayment | null,
): MailMessage {
  return compose(
    'group-joined',
    to,
    `You're in: ${group.organiserName}'s group order of ${group.productTitle}`,
    [
      paragraph(
        `You joined ${group.organiserName}'s group order of ${group.productTitle}. It closes ${deadline(group.closesAt)}.`,
      ),
      details(entryRows(entry)),
      ...(payment
        ? [
            paragraph(
              'Your receipt. If the group closes at a better price break, the difference comes back to you; if you leave before the deadline, all of it.',
            ),
            details([
              ['Paid', rupees(payment.amountPaise)],
              ['Payment', payment.reference],
            ]),
          ]
        : []),
      paragraph('Until then you can change your size or details, or leave the group:'),
      action('Change my entry', editUrl),
    ],
    publicUrl,
  );
}

/** To a member of an 'each pays' group whose payment (or part of it) is refunded, and why. */
export function groupRefundedEmail(
  to: Recipient,
  group: GroupMailFacts,
  refund: { amountPaise: number; reason: string },
  publicUrl: string,
): MailMessage {
  return compose(
    'group-refunded',
    to,
    `${rupees(refund.amountPaise)} refunded: ${group.organiserName}'s group order of ${group.productTitle}`,
    [
      paragraph(`${refund.reason}.`),
      details([['Refunded', rupees(refund.amountPaise)]]),
      paragraph('It goes back the way you paid; banks take 5 to 7 working days to show it.'),
      action('See the group order', group.url),
    ],
    publicUrl,
  );
}

/** To the organiser and every member, once, a day before the deadline. */
export function groupClosingSoonEmail(
  to: Recipient,
  group: GroupMailFacts,
  publicUrl: string,
): MailMessage {
  return compose(
    'group-closing-soon',
    to,
    `${group.organiserName}'s group order closes in ${GROUP_ORDER_LIMITS.reminderHoursBefore} hours`,
    [
      paragraph(
        `The group order of ${group.productTitle} closes ${deadline(group.closesAt)}. Check the size and details of each piece before then.`,
      ),
      action('Open the group order', group.url),
    ],
    publicUrl,
  );
}

/**
 * Where a closed group's pieces went: the organiser's cart (organiser pays),
 * or one order already paid by its members (each pays).
 */
export type GroupClosedTo = { cartUrl: string } | { orderUrl: string };

/** To the organiser when the group closes: the pieces wait in their cart, or are ordered. */
export function groupClosedOrganiserEmail(
  to: Recipient,
  group: GroupMailFacts,
  sizeTotals: [string, string][],
  closedTo: GroupClosedTo,
  publicUrl: string,
): MailMessage {
  const pieces = sizeTotals.reduce((total, [, count]) => total + Number(count), 0);
  return compose(
    'group-closed',
    to,
    `Your group order of ${group.productTitle} closed with ${pieces} pieces`,
    [
      paragraph(
        'cartUrl' in closedTo
          ? `Your group order closed. Its ${pieces} pieces are in your cart, one line each: check out to place the order.`
          : `Your group order closed. Its ${pieces} pieces, each paid for by its member, are one order now, delivered to you.`,
      ),
      details(sizeTotals),
      'cartUrl' in closedTo
        ? action('Go to my cart', closedTo.cartUrl)
        : action('See the order', closedTo.orderUrl),
    ],
    publicUrl,
  );
}

/** To each member when the group closes: their piece goes into the organiser's order. */
export function groupClosedMemberEmail(
  to: Recipient,
  group: GroupMailFacts,
  eachPays: boolean,
  publicUrl: string,
): MailMessage {
  return compose(
    'group-closed',
    to,
    `${group.organiserName}'s group order of ${group.productTitle} has closed`,
    [
      paragraph(
        eachPays
          ? `${group.organiserName}'s group order has closed: your piece is part of its order, delivered to ${group.organiserName}.`
          : `${group.organiserName}'s group order has closed: your piece is part of it and ${group.organiserName} places the order for everyone.`,
      ),
      action('See the group order', group.url),
    ],
    publicUrl,
  );
}
