import { z } from 'zod';
import { OrderAddressSchema } from './addresses.ts';
import { RoleSchema } from './auth.ts';
import { ProductColorSchema, SizeSchema } from './catalogue.ts';
import {
  IdParamsSchema,
  IdSchema,
  PageQuerySchema,
  pageOf,
  RupeesSchema,
  SearchTextSchema,
} from './common.ts';
import { DesignSchema, GarmentKindSchema, PrintAreasSchema } from './design.ts';
import { defineEndpoint } from './endpoint.ts';
import { GstinSchema } from './gst.ts';
import { LinePrintSchema } from './print-files.ts';
import { PersonalisationSchema } from './roster.ts';
import { textSchema } from './text.ts';

/**
 * D13: one lowercase status, shown capitalised with one colour everywhere.
 * 'awaiting-payment' (issue 25): an order paid online, placed with its stock
 * held, whose payment has not arrived yet; paid, it becomes 'pending'.
 */
export const ORDER_STATUSES = [
  'awaiting-payment',
  'pending',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** How every screen names a status (D13); the web gives each its colour. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  'awaiting-payment': 'Awaiting payment',
  pending: 'Pending',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * Who moves an order: the shopper who placed it, the shop's owner (D19, D25),
 * or the shop itself (a payment arriving, the unpaid-order sweep; issue 25).
 */
export type OrderActor = 'shopper' | 'admin' | 'system';

export interface OrderTransitionRule {
  from: OrderStatus;
  /** Nothing ever moves back to awaiting payment. */
  to: Exclude<OrderStatus, 'awaiting-payment'>;
  by: readonly OrderActor[];
}

/**
 * D19, the one table of the order lifecycle: every move an order may make
 * and who may make it. awaiting-payment → pending when its payment arrives
 * (only the shop moves it, issue 25); awaiting-payment → cancelled by the
 * shopper, the owner or the sweep of unpaid orders; pending → shipped →
 * delivered; pending or shipped → cancelled; a shopper may only cancel an
 * order not yet shipped. Delivered and cancelled are final. The server
 * checks every move against it.
 */
export const ORDER_TRANSITIONS: readonly OrderTransitionRule[] = [
  { from: 'awaiting-payment', to: 'pending', by: ['system'] },
  { from: 'awaiting-payment', to: 'cancelled', by: ['shopper', 'admin', 'system'] },
  { from: 'pending', to: 'shipped', by: ['admin'] },
  { from: 'pending', to: 'cancelled', by: ['shopper', 'admin'] },
  { from: 'shipped', to: 'delivered', by: ['admin'] },
  { from: 'shipped', to: 'cancelled', by: ['admin'] },
];

/** The rule that lets `actor` move an order from `from` to `to`, if there is one. */
export const findOrderTransition = (from: OrderStatus, to: OrderStatus, actor: OrderActor) =>
  ORDER_TRANSITIONS.find((rule) => rule.from === from && rule.to === to && rule.by.includes(actor));

/** Where `actor` may move an order that is in `from`, in the table's order. */
export const nextOrderStatuses = (from: OrderStatus, actor: OrderActor): OrderStatus[] =>
  ORDER_TRANSITIONS.filter((rule) => rule.from === from && rule.by.includes(actor)).map(
    (rule) => rule.to,
  );

/** The statuses a shopper may cancel an order from, read from ORDER_TRANSITIONS. */
export const SHOPPER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ORDER_TRANSITIONS.filter(
  (rule) => rule.to === 'cancelled' && rule.by.includes('shopper'),
).map((rule) => rule.from);

/** Why a shopper's cancel is refused (409), naming every status the table lets them cancel from. */
export const SHOPPER_CANCEL_REFUSED = `Only ${SHOPPER_CANCELLABLE_STATUSES.map((status) =>
  ORDER_STATUS_LABELS[status].toLowerCase(),
).join(' or ')} orders can be cancelled`;

/** 'online': Razorpay Checkout (UPI, cards, netbanking, wallets), when the shop has its keys (issue 25). */
export const PAYMENT_METHODS = ['cash', 'debit-card', 'online'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: 'paymentMethod must be cash, debit-card or online',
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const GIFT_MESSAGE_MAX_LENGTH = 200;

export const CARD_DETAILS_REQUIRED_MESSAGE = 'Card details are required to pay by card';
export const SAVED_CARD_CVV_MESSAGE = 'Enter the CVV of your saved card';
/** With Razorpay, no card number ever reaches the shop's server (issue 25). */
export const CARD_REFUSED_WITH_RAZORPAY_MESSAGE =
  'Card details are not accepted here: pay online, and Razorpay takes the card';
export const ONLINE_PAYMENTS_OFF_MESSAGE = 'Online payment is not available in this shop';
export const WRONG_PAYMENT_SIGNATURE_MESSAGE = 'The payment could not be verified';
export const PAYMENT_NOT_CAPTURED_MESSAGE =
  'The payment has not been completed. Please try again, or pay another way.';
export const NOT_AWAITING_PAYMENT_MESSAGE = 'This order is not waiting for a payment';
/** A payment that arrived after its order was cancelled (the payment window passed): 409, and it is refunded. */
export const PAID_AFTER_CANCEL_MESSAGE =
  'This order was cancelled before your payment arrived, so your payment is refunded in full the way you paid';

export const CardBodySchema = z.object({
  name: textSchema('Name on card')
    .trim()
    .min(1, 'Name on card is required')
    .max(100, 'Name on card must be at most 100 characters'),
  number: textSchema('Card number')
    .transform((number) => number.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Card number must be 12 to 19 digits')),
  expMonth: z
    .number()
    .int()
    .min(1, 'Expiry month must be 1 to 12')
    .max(12, 'Expiry month must be 1 to 12'),
  expYear: z
    .number()
    .int()
    .min(2000, 'Expiry year is not valid')
    .max(2100, 'Expiry year is not valid'),
  cvv: textSchema('CVV').regex(/^\d{3}$/, 'CVV must be 3 digits'),
  save: z.boolean().optional().default(false),
});
export type CardBody = z.infer<typeof CardBodySchema>;

export const BUSINESS_NAME_MAX_LENGTH = 100;

/** A business purchase (issue 26): the buyer's GSTIN and business name, printed on the tax invoice. */
export const BusinessPurchaseSchema = z.object({
  gstin: GstinSchema,
  name: textSchema('Business name')
    .trim()
    .min(1, 'Business name is required')
    .max(
      BUSINESS_NAME_MAX_LENGTH,
      `Business name must be at most ${BUSINESS_NAME_MAX_LENGTH} characters`,
    ),
});
export type BusinessPurchase = z.infer<typeof BusinessPurchaseSchema>;

export const CheckoutBodySchema = z
  .object({
    /** D12: the spec's client sends nothing, which means cash. */
    paymentMethod: PaymentMethodSchema.optional().default('cash'),
    card: CardBodySchema.optional(),
    /** Pay with a card saved at an earlier checkout: its id and the CVV typed now (issue 13). */
    savedCardId: IdSchema.optional(),
    cvv: textSchema('CVV')
      .regex(/^\d{3}$/, 'CVV must be 3 digits')
      .optional(),
    couponCode: textSchema('couponCode')
      .trim()
      .max(40, 'couponCode must be at most 40 characters')
      .optional(),
    giftWrap: z
      .object({
        message: textSchema('Gift message', { multiLine: true })
          .trim()
          .max(
            GIFT_MESSAGE_MAX_LENGTH,
            `Gift message must be at most ${GIFT_MESSAGE_MAX_LENGTH} characters`,
          )
          .optional()
          .default(''),
      })
      .optional(),
    business: BusinessPurchaseSchema.optional(),
  })
  .refine(
    (body) =>
      body.paymentMethod !== 'debit-card' ||
      body.card !== undefined ||
      body.savedCardId !== undefined,
    { path: ['card'], message: CARD_DETAILS_REQUIRED_MESSAGE },
  )
  .refine((body) => body.savedCardId === undefined || body.cvv !== undefined, {
    path: ['cvv'],
    message: SAVED_CARD_CVV_MESSAGE,
  });
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 100 letters, digits, _ or -';

/** D18: a retried checkout sending the same key within 24 hours answers the first order. */
export const CheckoutHeadersSchema = z.object({
  // Node.js hands the server header names in lower case.
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, IDEMPOTENCY_KEY_MESSAGE)
    .optional()
    .describe(
      'Any value unique to this checkout attempt; a retry with the same key and body answers the first order',
    ),
});
export type CheckoutHeaders = z.infer<typeof CheckoutHeadersSchema>;

export const OrderItemSchema = z.object({
  _id: IdSchema,
  productId: IdSchema,
  name: z.string(),
  image: z.string(),
  size: SizeSchema,
  /** The garment's colour as ordered: the blank the print shop picks, and what a design is drawn on. */
  color: ProductColorSchema,
  /** The garment as ordered (issue 28): what a design is drawn on. */
  garment: GarmentKindSchema,
  price: RupeesSchema,
  quantity: z.number().int(),
  /** The design as ordered, frozen at checkout with the print areas it was placed on (D27). */
  design: DesignSchema.nullable(),
  printAreas: PrintAreasSchema.nullable(),
  /** One personalised piece's name and number (issue 29), printed over the design; null otherwise. */
  personalisation: PersonalisationSchema.nullable(),
});

/**
 * The moves of D19, then the steps of a return or exchange on a delivered
 * order (D31): each is an event on the order's timeline (D20).
 */
export const ORDER_EVENT_TYPES = [
  'placed',
  'shipped',
  'delivered',
  'cancelled',
  'return-requested',
  'return-approved',
  'return-rejected',
  'return-received',
  'refunded',
  'exchange-shipped',
  // Issue 25: an online payment arrived (the order becomes pending), or an attempt failed.
  'paid',
  'payment-failed',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
/** How the shopper's tracking page and the owner's order history name each event (D20). */
export const ORDER_EVENT_LABELS: Record<OrderEventType, string> = {
  placed: 'Order placed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  'return-requested': 'Return requested',
  'return-approved': 'Return approved',
  'return-rejected': 'Return rejected',
  'return-received': 'Return received',
  refunded: 'Refunded',
  'exchange-shipped': 'New size shipped',
  paid: 'Paid',
  'payment-failed': 'Payment failed',
};
/** The events of a return's steps: none of them changes the order's status. */
export type ReturnEventType = Exclude<
  OrderEventType,
  OrderStatus | 'placed' | 'paid' | 'payment-failed'
>;
export const OrderEventSchema = z.object({
  type: z.enum(ORDER_EVENT_TYPES),
  at: z.string(),
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** 'failed': Razorpay could not return the money (refund.failed); the owner settles it by hand. */
export const REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const;

/**
 * Money given back on an order (issue 13): to the card it was paid with, or
 * in cash. 'pending' until the payment provider confirms it.
 */
export const RefundSchema = z.object({
  amount: RupeesSchema,
  status: z.enum(REFUND_STATUSES),
  /** The provider's id of the refund (Razorpay's rfnd_…), once it was sent. */
  reference: z.string().nullable(),
  method: PaymentMethodSchema,
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** How an online payment was made, as Razorpay reports it (issue 25). */
export const ONLINE_PAYMENT_METHODS = ['upi', 'card', 'netbanking', 'wallet', 'emi'] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

/**
 * How the order pages and the emails name the way an online order was paid:
 * 'Paid online by UPI', another Razorpay method as it is named, or 'Online:
 * not paid yet' while no payment has arrived. Self-contained, so the web
 * app's copy of it carries no schema (scripts/vite-browser-contract.ts).
 */
export function onlinePaymentLabel(method: string | null): string {
  if (method === null) return 'Online: not paid yet';
  const labels: Record<OnlinePaymentMethod, string> = {
    upi: 'UPI',
    card: 'Card',
    netbanking: 'Netbanking',
    wallet: 'Wallet',
    emi: 'EMI',
  };
  const known = ONLINE_PAYMENT_METHODS.find((online) => online === method);
  return `Paid online by ${known ? labels[known] : method}`;
}

/**
 * An online order's payment (issue 25): what the browser opens Razorpay
 * Checkout with (also for 'Pay now' on an unpaid order, the same Razorpay
 * order), and once paid, how and with which payment.
 */
export const OnlinePaymentSchema = z.object({
  provider: z.literal('razorpay'),
  /** The public key id the Razorpay order was created with (never the secret). */
  keyId: z.string(),
  /** Razorpay's order id, order_…. */
  orderId: z.string(),
  /** In paise, as Razorpay Checkout takes it: the order's total. */
  amount: z.number().int(),
  currency: z.literal('INR'),
  /** Razorpay's payment id (pay_…) once paid. */
  paymentId: z.string().nullable(),
  /** upi, card, netbanking, wallet or another Razorpay method, once paid. */
  method: z.string().nullable(),
});
export type OnlinePayment = z.infer<typeof OnlinePaymentSchema>;

export const OrderSchema = z.object({
  _id: IdSchema,
  status: OrderStatusSchema,
  items: z.array(OrderItemSchema),
  subtotal: RupeesSchema,
  discount: RupeesSchema,
  couponCode: z.string().nullable(),
  giftWrap: RupeesSchema,
  giftMessage: z.string().nullable(),
  /** The cash on delivery fee charged (issue 25); 0 for other payments. */
  codFee: RupeesSchema,
  totalPrice: RupeesSchema,
  paymentMethod: PaymentMethodSchema,
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Set for paymentMethod 'online' (issue 25); null otherwise. */
  payment: OnlinePaymentSchema.nullable(),
  address: OrderAddressSchema,
  /** The business purchase given at checkout (issue 26), printed on the invoice; null for none. */
  business: z.object({ gstin: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** YYYY-MM-DD in India: the order date + 3 days (D11). */
  estimateDeliveryDate: z.iso.date(),
  deliveredAt: z.string().nullable(),
  events: z.array(OrderEventSchema),
  refunds: z.array(RefundSchema),
});
export type Order = z.infer<typeof OrderSchema>;

export const checkout = defineEndpoint({
  name: 'checkout',
  method: 'POST',
  path: '/order/checkout',
  tag: 'orders',
  summary:
    "Order the selected cart lines to the selected address, in one transaction. An Idempotency-Key header makes a retry return the first order. paymentMethod 'online' places it awaiting payment, with the Razorpay order to open Checkout with in `payment`.",
  auth: 'user',
  body: CheckoutBodySchema,
  headers: CheckoutHeadersSchema,
  result: OrderSchema,
});

export const listOrders = defineEndpoint({
  name: 'listOrders',
  method: 'GET',
  path: '/order/history',
  tag: 'orders',
  summary: "The signed-in shopper's orders, newest first",
  auth: 'user',
  result: z.array(OrderSchema),
});

export const getOrder = defineEndpoint({
  name: 'getOrder',
  method: 'GET',
  path: '/order/:id',
  tag: 'orders',
  summary: 'One of the signed-in shopper’s orders',
  auth: 'user',
  params: IdParamsSchema,
  result: OrderSchema,
});

export const cancelOrder = defineEndpoint({
  name: 'cancelOrder',
  method: 'POST',
  path: '/order/:id/cancel',
  tag: 'orders',
  summary: 'Cancel a pending order; its stock comes back (D19)',
  auth: 'user',
  params: IdParamsSchema,
  result: OrderSchema,
});

/** What Razorpay Checkout's handler receives on success, posted as it is (issue 25). */
export const PayOrderBodySchema = z.object({
  razorpay_order_id: textSchema('razorpay_order_id').min(1).max(100),
  razorpay_payment_id: textSchema('razorpay_payment_id').min(1).max(100),
  razorpay_signature: textSchema('razorpay_signature').min(1).max(200),
});
export type PayOrderBody = z.infer<typeof PayOrderBodySchema>;

export const payOrder = defineEndpoint({
  name: 'payOrder',
  method: 'POST',
  path: '/order/:id/payment',
  tag: 'orders',
  summary:
    "Report Razorpay Checkout's answer for an order awaiting payment: the signature is checked against the order's own Razorpay order, the payment fetched and captured, and the order marked paid. Already paid: the order, unchanged.",
  auth: 'user',
  params: IdParamsSchema,
  body: PayOrderBodySchema,
  result: OrderSchema,
});

// ---------------------------------------------------------------- the owner's orders (D25)
// Under /api/v1/admin: 401 without a live session, 403 for anyone but an admin.

/** D19: where the owner may move an order from each status, read from ORDER_TRANSITIONS. */
export const NEXT_ORDER_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  'awaiting-payment': nextOrderStatuses('awaiting-payment', 'admin'),
  pending: nextOrderStatuses('pending', 'admin'),
  shipped: nextOrderStatuses('shipped', 'admin'),
  delivered: nextOrderStatuses('delivered', 'admin'),
  cancelled: nextOrderStatuses('cancelled', 'admin'),
};

export const AdminCustomerSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
});

export const AdminOrderSummarySchema = z.object({
  _id: IdSchema,
  status: OrderStatusSchema,
  totalPrice: RupeesSchema,
  paymentMethod: PaymentMethodSchema,
  /** Units ordered, over all lines. */
  itemCount: z.number().int(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  customer: AdminCustomerSchema,
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;

export const AdminOrderEventSchema = OrderEventSchema.extend({
  /** Who made the change: the shopper, an admin, or null when nobody is recorded. */
  actor: z
    .object({ _id: IdSchema, name: z.string(), email: z.string(), role: RoleSchema })
    .nullable(),
});

/**
 * A refund of a member's own payment in the 'each pays' group an order came
 * from (decision 073): who it went to and why, settled as an order's refunds are.
 */
export const MemberRefundSchema = RefundSchema.extend({
  memberName: z.string(),
  reason: z.string(),
});
export type MemberRefund = z.infer<typeof MemberRefundSchema>;

export const AdminOrderSchema = OrderSchema.extend({
  customer: AdminCustomerSchema,
  events: z.array(AdminOrderEventSchema),
  /** Each printed side of each line and its print file's status (decision 059). */
  prints: z.array(LinePrintSchema),
  /** Each pays: the group's members' refunds (none for any other order). */
  memberRefunds: z.array(MemberRefundSchema),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderPageSchema = pageOf(AdminOrderSummarySchema);
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>;

const StatusSchema = z.enum(ORDER_STATUSES, {
  error: `status must be one of ${ORDER_STATUSES.join(', ')}`,
});

export const ListAdminOrdersQuerySchema = PageQuerySchema.extend({
  status: StatusSchema.optional(),
  /** The start or the end of an order id ('#' allowed), or part of the shopper's email. */
  search: SearchTextSchema,
});
export type ListAdminOrdersQuery = z.infer<typeof ListAdminOrdersQuerySchema>;

export const SetOrderStatusBodySchema = z.object({
  status: StatusSchema,
  /** Shown with the event, e.g. a courier's tracking number. */
  note: textSchema('note').trim().max(500, 'note must be at most 500 characters').optional(),
});
export type SetOrderStatusBody = z.infer<typeof SetOrderStatusBodySchema>;

export const listAdminOrders = defineEndpoint({
  name: 'listAdminOrders',
  method: 'GET',
  path: '/admin/orders',
  tag: 'admin',
  summary: 'Every order, newest first, filtered by status and searched by id or email',
  auth: 'admin',
  query: ListAdminOrdersQuerySchema,
  result: AdminOrderPageSchema,
});

export const getAdminOrder = defineEndpoint({
  name: 'getAdminOrder',
  method: 'GET',
  path: '/admin/orders/:id',
  tag: 'admin',
  summary: 'One order with items, address, payment, its shopper and its events with who made them',
  auth: 'admin',
  params: IdParamsSchema,
  result: AdminOrderSchema,
});

export const setAdminOrderStatus = defineEndpoint({
  name: 'setAdminOrderStatus',
  method: 'POST',
  path: '/admin/orders/:id/status',
  tag: 'admin',
  summary:
    'Move an order along D19: pending → shipped → delivered; pending or shipped → cancelled (stock comes back)',
  auth: 'admin',
  params: IdParamsSchema,
  body: SetOrderStatusBodySchema,
  result: AdminOrderSchema,
});
