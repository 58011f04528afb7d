/** The emails of a return or exchange, at each of its steps. */
import {
  formatRupees,
  type MailKind,
  type Order,
  orderNumber,
  RETURN_REASONS,
  type ReturnRequest,
  shortOrderNumber,
} from '#contract';
import { designPictures, picturedLineIds } from './design-pictures.ts';
import {
  action,
  compose,
  details,
  type MailMessage,
  type Part,
  paragraph,
  type Recipient,
} from './html-email.ts';
import { cardName, orderLink } from './order-emails.ts';

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
    ? `You paid in cash, so the shop pays ${amount} back by hand, to the UPI ID or bank account you give on your order's page, and emails you when it is paid.`
    : `${amount} is refunded to ${order.card ? `your ${cardName(order.card)}` : 'your card'}.`;
}

/** The order's lines the return sends back, in the order's order. */
const returnedLines = (order: Order, request: ReturnRequest) =>
  order.items.filter((line) => request.items.some((item) => item.orderItemId === line._id));

/**
 * Every step of a return or exchange (D31): asked, approved (with what to
 * do), rejected (why), received. Asked, approved and received show the
 * returned customised lines on their garments, as the confirmation did (issue 28).
 */
export function returnUpdateEmail(
  kind: ReturnMailKind,
  to: Recipient,
  order: Order,
  request: ReturnRequest,
  publicUrl: string,
): MailMessage {
  const message = returnUpdateMessage(kind, to, order, request, publicUrl);
  if (kind === 'return-rejected') return message;
  return { ...message, designPicturesOf: picturedLineIds(returnedLines(order, request)) };
}

function returnUpdateMessage(
  kind: ReturnMailKind,
  to: Recipient,
  order: Order,
  request: ReturnRequest,
  publicUrl: string,
): MailMessage {
  const pictures = designPictures(returnedLines(order, request));
  const number = `${returnNumber(request)} for order ${orderNumber(order._id)}`;
  const view = action('View your order', orderLink(publicUrl, order));
  if (kind === 'return-requested') {
    return compose(
      kind,
      to,
      `We have your return request ${returnNumber(request)}`,
      [
        paragraph(`We have your return request ${number}:`),
        returnItems(request),
        ...pictures,
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
        ...pictures,
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
      ...pictures,
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
