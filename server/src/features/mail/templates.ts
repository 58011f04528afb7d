import {
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_CHANGE_UNDO_DAYS,
  formatRupees,
  type MailKind,
  type Order,
  PASSWORD_RESET_TTL_MINUTES,
  RETURN_REASONS,
  RETURN_WINDOW_DAYS,
  type ReturnRequest,
  returnWindowClosesAt,
  SHOP_NAME,
  SHOP_POSTAL_ADDRESS,
  SHOP_TIME_ZONE,
  STOCK_ALERT_CONFIRM_HOURS,
  shortOrderNumber,
} from '#contract';
import { shopDayPlus } from '#server/lib/dates.ts';

/** One email, rendered: what the outbox stores and the mailer sends. */
export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Recipient {
  name: string;
  email: string;
}

/**
 * An address whose owner has not shown it is theirs (a sign-up, a new email
 * waiting for its link): mail to it greets nobody by name, since the name is
 * whatever the sender typed and would reach any inbox they chose.
 */
export interface UnverifiedRecipient {
  email: string;
}

/** A piece of a message, in both of its forms. */
interface Part {
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML shows it: names and notes come from shoppers, so nothing they type is markup. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

const LONG_DAY = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A shop day (YYYY-MM-DD) as a shopper reads it: 'Friday, 27 November 2026'. */
export const formatDay = (day: string) => LONG_DAY.format(new Date(`${day}T00:00:00Z`));

/** SPEC §9: an order is shown by its short number, as its page shows it. */
export const orderNumber = (order: Pick<Order, '_id'>) => `#${shortOrderNumber(order._id)}`;

const paragraph = (text: string): Part => ({
  text,
  html: `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`,
});

const action = (label: string, url: string): Part => ({
  text: `${label}: ${url}`,
  html: `<p style="margin:0 0 16px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#111827;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`,
});

/** Label and value pairs: 'Total: ₹1,049.00' in text, a table in HTML. */
const details = (rows: [string, string][]): Part => ({
  text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
  html: `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 16px 2px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`,
});

/** The whole message: greeting, parts, and the footer with the shop's name and postal address. */
function compose(
  kind: MailKind,
  to: Recipient | UnverifiedRecipient,
  subject: string,
  parts: Part[],
  publicUrl: string,
): MailMessage {
  const all = [paragraph('name' in to ? `Hi ${to.name},` : 'Hello,'), ...parts];
  const footer = `${SHOP_NAME} · ${SHOP_POSTAL_ADDRESS} · ${publicUrl}`;
  return {
    kind,
    to: to.email,
    subject,
    text: `${all.map((part) => part.text).join('\n\n')}\n\n--\n${footer}\n`,
    html: `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5;margin:0;padding:24px"><div style="max-width:600px;margin:0 auto"><p style="font-size:20px;font-weight:bold;margin:0 0 24px">${escapeHtml(SHOP_NAME)}</p>${all
      .map((part) => part.html)
      .join(
        '',
      )}<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0"><p style="font-size:12px;color:#6b7280;margin:0">${escapeHtml(SHOP_NAME)} · ${escapeHtml(SHOP_POSTAL_ADDRESS)} · <a href="${escapeHtml(publicUrl)}" style="color:#6b7280">${escapeHtml(publicUrl)}</a></p></div></body></html>`,
  };
}

const orderLink = (publicUrl: string, order: Order) =>
  `${publicUrl}/order/${encodeURIComponent(order._id)}`;

const paymentLabel = (order: Order) =>
  order.paymentMethod === 'cash'
    ? 'Cash On Delivery'
    : order.card
      ? `${order.card.brand} •••• ${order.card.last4}`
      : 'Card';

/** To an address not yet shown to be the shopper's: no sign-up name in it (issue 23). */
export function welcomeEmail(to: UnverifiedRecipient, publicUrl: string): MailMessage {
  return compose(
    'welcome',
    { email: to.email },
    `Welcome to ${SHOP_NAME}`,
    [
      paragraph(
        `Thank you for creating your ${SHOP_NAME} account. You can now save addresses, check out faster and follow every order.`,
      ),
      action('Start shopping', `${publicUrl}/products`),
    ],
    publicUrl,
  );
}

/** The order confirmation checkout promises ('You will receive a confirmation email soon.', D32). */
export function orderPlacedEmail(to: Recipient, order: Order, publicUrl: string): MailMessage {
  const items = order.items.map((item): [string, string] => [
    `${item.name} (size ${item.size}) × ${item.quantity}`,
    formatRupees(item.price * item.quantity),
  ]);
  const totals: [string, string][] = [
    ['Subtotal', formatRupees(order.subtotal)],
    ...(order.discount > 0
      ? [
          [
            `Discount${order.couponCode ? ` (${order.couponCode})` : ''}`,
            `−${formatRupees(order.discount)}`,
          ] as [string, string],
        ]
      : []),
    ...(order.giftWrap > 0
      ? [['Gift wrap', formatRupees(order.giftWrap)] as [string, string]]
      : []),
    ['Total', formatRupees(order.totalPrice)],
  ];
  const { address } = order;
  return compose(
    'order-placed',
    to,
    `Your ${SHOP_NAME} order ${orderNumber(order)} is confirmed`,
    [
      paragraph(`Thank you for your order ${orderNumber(order)}. Here is what you ordered:`),
      details(items),
      details(totals),
      details([
        ['Payment', paymentLabel(order)],
        [
          'Deliver to',
          `${address.name}, ${address.fullAddress}, ${address.city}, ${address.state} - ${address.pincode}`,
        ],
        ['Phone', address.phone],
        ['Estimated delivery', formatDay(order.estimateDeliveryDate)],
      ]),
      action('View your order', orderLink(publicUrl, order)),
    ],
    publicUrl,
  );
}

export function orderShippedEmail(to: Recipient, order: Order, publicUrl: string): MailMessage {
  return compose(
    'order-shipped',
    to,
    `Your ${SHOP_NAME} order ${orderNumber(order)} has shipped`,
    [
      paragraph(
        `Good news: your order ${orderNumber(order)} is on its way. Estimated delivery: ${formatDay(order.estimateDeliveryDate)}.`,
      ),
      action('Track your order', `${orderLink(publicUrl, order)}/track`),
    ],
    publicUrl,
  );
}

/** The last day a delivered order can be returned (D31): the shop day of delivery + 7. */
export const returnWindowEnd = (deliveredAt: Date) => shopDayPlus(deliveredAt, RETURN_WINDOW_DAYS);

const SHOP_TIME = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

/** When on that day the window closes: 7 × 24 hours after delivery (decision 021), in India's time. */
const returnWindowCloseTime = (deliveredAt: Date) =>
  `${SHOP_TIME.format(returnWindowClosesAt(deliveredAt))} IST`;

export function orderDeliveredEmail(
  to: Recipient,
  order: Order,
  deliveredAt: Date,
  publicUrl: string,
): MailMessage {
  return compose(
    'order-delivered',
    to,
    `Your ${SHOP_NAME} order ${orderNumber(order)} was delivered`,
    [
      paragraph(`Your order ${orderNumber(order)} was delivered. We hope you love it.`),
      paragraph(
        `Returns are free for ${RETURN_WINDOW_DAYS} days: you can return or exchange items until ${formatDay(returnWindowEnd(deliveredAt))}, ${returnWindowCloseTime(deliveredAt)}.`,
      ),
      action('View your order', orderLink(publicUrl, order)),
    ],
    publicUrl,
  );
}

/**
 * What happens to the money of a cancelled order, when the caller has nothing
 * more precise to say: cash was never charged; a card payment goes back to the card.
 */
export function refundNote(order: Order): string {
  if (order.paymentMethod === 'cash') return 'Nothing was charged for this order.';
  const card = order.card ? `your ${order.card.brand} •••• ${order.card.last4}` : 'your card';
  return `${formatRupees(order.totalPrice)} will be returned to ${card}.`;
}

export function orderCancelledEmail(
  to: Recipient,
  order: Order,
  refund: string,
  publicUrl: string,
): MailMessage {
  return compose(
    'order-cancelled',
    to,
    `Your ${SHOP_NAME} order ${orderNumber(order)} was cancelled`,
    [
      paragraph(`Your order ${orderNumber(order)} was cancelled.`),
      paragraph(refund),
      action('View your order', orderLink(publicUrl, order)),
    ],
    publicUrl,
  );
}

export function passwordResetEmail(
  to: Recipient,
  resetUrl: string,
  publicUrl: string,
): MailMessage {
  return compose(
    'password-reset',
    to,
    `Reset your ${SHOP_NAME} password`,
    [
      paragraph(
        `Someone asked to reset the password of your ${SHOP_NAME} account. The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
      ),
      action('Choose a new password', resetUrl),
      paragraph('If it was not you, ignore this email: your password stays as it is.'),
    ],
    publicUrl,
  );
}

/** Issue 23: the link that makes a new email the account's; no name, the address is not yet shown to be theirs. */
export function emailChangeConfirmEmail(
  to: UnverifiedRecipient,
  confirmUrl: string,
  publicUrl: string,
): MailMessage {
  return compose(
    'email-change-confirm',
    { email: to.email },
    `Confirm your new ${SHOP_NAME} email`,
    [
      paragraph(
        `Someone asked to use this address for a ${SHOP_NAME} account. The link works once, for ${EMAIL_CHANGE_TTL_HOURS} hours; until it is opened, the account keeps its old email.`,
      ),
      action('Confirm this email', confirmUrl),
      paragraph('If it was not you, ignore this email: nothing changes.'),
    ],
    publicUrl,
  );
}

/** Issue 23: the old address is told, with the way to say 'this was not me'. */
export function emailChangeNoticeEmail(
  to: Recipient,
  newEmail: string,
  undoUrl: string,
  publicUrl: string,
): MailMessage {
  return compose(
    'email-change-notice',
    to,
    `Your ${SHOP_NAME} email is being changed`,
    [
      paragraph(
        `Someone with your password asked to change the email of your ${SHOP_NAME} account to ${newEmail}. It changes once the link we sent there is opened.`,
      ),
      paragraph(
        `If it was not you, tell us within ${EMAIL_CHANGE_UNDO_DAYS} days: we stop the change (or undo it), sign your account out everywhere and send you a link to choose a new password.`,
      ),
      action('This was not me', undoUrl),
    ],
    publicUrl,
  );
}

/** A return is shown by its short number, as an order is. */
export const returnNumber = (request: Pick<ReturnRequest, '_id'>) =>
  `#${shortOrderNumber(request._id)}`;

/** Each item of a return as the shopper asked for it: what goes back, and what comes instead. */
const returnItems = (request: ReturnRequest): Part =>
  details(
    request.items.map((item): [string, string] => [
      `${item.name} (size ${item.size}) × ${item.quantity}`,
      `${item.kind === 'exchange' ? `Exchange for size ${item.exchangeSize}` : 'Return for a refund'} · ${RETURN_REASONS[item.reason]}`,
    ]),
  );

export type ReturnMailKind = Extract<
  MailKind,
  'return-requested' | 'return-approved' | 'return-rejected' | 'return-received'
>;

/** Where the money of returned items goes: the original payment method (D31, decision 014). */
function refundWords(order: Order, request: ReturnRequest): string | undefined {
  if (!request.refund) return undefined;
  const amount = formatRupees(request.refund.amount);
  return order.paymentMethod === 'cash'
    ? `${amount} is refunded in cash, as you paid.`
    : `${amount} is refunded to ${order.card ? `your ${order.card.brand} •••• ${order.card.last4}` : 'your card'}.`;
}

/** Every step of a return or exchange (D31): asked, approved (with what to do), rejected (why), received. */
export function returnUpdateEmail(
  kind: ReturnMailKind,
  to: Recipient,
  order: Order,
  request: ReturnRequest,
  publicUrl: string,
): MailMessage {
  const number = `${returnNumber(request)} for order ${orderNumber(order)}`;
  const view = action('View your order', orderLink(publicUrl, order));
  if (kind === 'return-requested') {
    return compose(
      kind,
      to,
      `We have your return request ${returnNumber(request)}`,
      [
        paragraph(`We have your return request ${number}:`),
        returnItems(request),
        paragraph('We will email you once we have looked at it, with how to send the items back.'),
        view,
      ],
      publicUrl,
    );
  }
  if (kind === 'return-approved') {
    return compose(
      kind,
      to,
      `Your return ${returnNumber(request)} is approved`,
      [
        paragraph(`Your return ${number} is approved.`),
        returnItems(request),
        paragraph(request.instructions ?? ''),
        view,
      ],
      publicUrl,
    );
  }
  if (kind === 'return-rejected') {
    return compose(
      kind,
      to,
      `Your return ${returnNumber(request)} was not accepted`,
      [
        paragraph(`We could not accept your return ${number}.`),
        paragraph(`Reason: ${request.rejectionReason ?? ''}`),
        paragraph(
          'Any size we had set aside for an exchange is released. Reply to this email if you have a question.',
        ),
        view,
      ],
      publicUrl,
    );
  }
  const exchanged = request.items.filter((item) => item.kind === 'exchange');
  const refund = refundWords(order, request);
  return compose(
    kind,
    to,
    `We received your return ${returnNumber(request)}`,
    [
      paragraph(`We received the items of your return ${number}.`),
      ...(refund ? [paragraph(refund)] : []),
      ...(exchanged.length > 0
        ? [
            paragraph('Your new sizes are on their way:'),
            details(
              exchanged.map((item): [string, string] => [
                `${item.name} × ${item.quantity}`,
                `size ${item.exchangeSize}`,
              ]),
            ),
          ]
        : []),
      view,
    ],
    publicUrl,
  );
}

/** D33: a size the shopper asked to hear about is back in stock. */
/** The double opt-in of a back-in-stock request: nothing is kept until this link is followed. */
export function stockAlertConfirmEmail(
  to: Recipient,
  product: { title: string; size: string },
  confirmUrl: string,
  publicUrl: string,
): MailMessage {
  return compose(
    'stock-alert-confirm',
    to,
    `Confirm: tell me when ${product.title} is back in size ${product.size}`,
    [
      paragraph(
        `Someone asked us to email this address once when ${product.title} is back in stock in size ${product.size}. Confirm it was you, within ${STOCK_ALERT_CONFIRM_HOURS} hours:`,
      ),
      action('Yes, tell me when it is back', confirmUrl),
      paragraph('If it was not you, ignore this email: we will not write to you about it.'),
    ],
    publicUrl,
  );
}

export function backInStockEmail(
  to: Recipient,
  product: { id: string; title: string; size: string },
  publicUrl: string,
): MailMessage {
  return compose(
    'back-in-stock',
    to,
    `${product.title} in size ${product.size} is back`,
    [
      paragraph(
        `Good news: ${product.title} is back in stock in size ${product.size}. Sizes that come back often sell out again, so don't wait too long.`,
      ),
      action('See it in the shop', `${publicUrl}/product/${encodeURIComponent(product.id)}`),
      paragraph('You asked us to tell you once; we will not email you about it again.'),
    ],
    publicUrl,
  );
}
