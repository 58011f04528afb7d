/** The emails of an order's life: confirmed, shipped, delivered, cancelled. */
import {
  formatRupees,
  type Order,
  onlinePaymentLabel,
  orderNumber,
  PAYMENT_NOT_COMPLETED,
  RETURN_WINDOW_DAYS,
  returnWindowClosesAt,
  SHOP_NAME,
  SHOP_TIME_ZONE,
} from '#contract';
import { shopDayPlus } from '#server/lib/dates.ts';
import { designPictures, picturedLineIds } from './design-pictures.ts';
import {
  action,
  compose,
  details,
  type MailMessage,
  paragraph,
  type Recipient,
} from './html-email.ts';

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

/** A card as the emails name it: 'Visa •••• 4242'. */
export const cardName = (card: NonNullable<Order['card']>) => `${card.brand} •••• ${card.last4}`;

export const orderLink = (publicUrl: string, order: Pick<Order, '_id'>) =>
  `${publicUrl}/order/${encodeURIComponent(order._id)}`;

const paymentLabel = (order: Order) =>
  order.paymentMethod === 'cash'
    ? 'Cash On Delivery'
    : order.payment
      ? onlinePaymentLabel(order.payment.method)
      : order.card
        ? cardName(order.card)
        : 'Card';

/**
 * The order confirmation checkout promises ('You will receive a confirmation
 * email soon.', D32), with the order's tax invoice attached when it has one
 * and its customised lines drawn on their garments (issue 28).
 */
export function orderPlacedEmail(to: Recipient, order: Order, publicUrl: string): MailMessage {
  return {
    ...orderPlacedMessage(to, order, publicUrl),
    attachInvoiceOf: order._id,
    designPicturesOf: picturedLineIds(order.items),
  };
}

function orderPlacedMessage(to: Recipient, order: Order, publicUrl: string): MailMessage {
  const items = order.items.map((item): [string, string] => [
    // Size and garment colour: what the shopper chose, as the order pages name it (issue 28).
    `${item.name} (size ${item.size}, ${item.color.name}) × ${item.quantity}`,
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
    ...(order.codFee > 0
      ? [['Cash on delivery fee', formatRupees(order.codFee)] as [string, string]]
      : []),
    ['Total', formatRupees(order.totalPrice)],
  ];
  const { address } = order;
  return compose(
    'order-placed',
    to,
    `Your ${SHOP_NAME} order ${orderNumber(order._id)} is confirmed`,
    [
      paragraph(`Thank you for your order ${orderNumber(order._id)}. Here is what you ordered:`),
      details(items),
      // Each customised line drawn on its garment in its colour (issue 28).
      ...designPictures(order.items),
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
    `Your ${SHOP_NAME} order ${orderNumber(order._id)} has shipped`,
    [
      paragraph(
        `Good news: your order ${orderNumber(order._id)} is on its way. Estimated delivery: ${formatDay(order.estimateDeliveryDate)}.`,
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
    `Your ${SHOP_NAME} order ${orderNumber(order._id)} was delivered`,
    [
      paragraph(`Your order ${orderNumber(order._id)} was delivered. We hope you love it.`),
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
  if (order.payment) {
    return order.payment.paymentId
      ? `${formatRupees(order.totalPrice)} will be returned the way you paid (${order.payment.method ?? 'online'}).`
      : 'Nothing was charged for this order.';
  }
  const card = order.card ? `your ${cardName(order.card)}` : 'your card';
  return `${formatRupees(order.totalPrice)} will be returned to ${card}.`;
}

/** Issue 25: an online order still unpaid a while after it was placed; its page has 'Pay now'. */
export function paymentReminderEmail(to: Recipient, order: Order, publicUrl: string): MailMessage {
  return compose(
    'payment-reminder',
    to,
    `${PAYMENT_NOT_COMPLETED}: your ${SHOP_NAME} order ${orderNumber(order._id)}`,
    [
      paragraph(
        `The payment for your order ${orderNumber(order._id)} (${formatRupees(order.totalPrice)}) has not been completed. Your items are held for you for a little while: pay now to keep them.`,
      ),
      action('Pay now', orderLink(publicUrl, order)),
    ],
    publicUrl,
  );
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
    `Your ${SHOP_NAME} order ${orderNumber(order._id)} was cancelled`,
    [
      paragraph(`Your order ${orderNumber(order._id)} was cancelled.`),
      paragraph(refund),
      action('View your order', orderLink(publicUrl, order)),
    ],
    publicUrl,
  );
}
