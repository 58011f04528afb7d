import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import type {
  RazorpayOrder,
  RazorpayPayment,
  RazorpayRefund,
} from '#server/features/payments/razorpay.ts';
import { runMain } from '#server/lib/run-main.ts';
import { CHECKOUT_PATHS, checkoutDialog, checkoutScript } from './razorpay-stand-in-checkout.ts';

/**
 * A local stand-in of Razorpay (https://razorpay.com/docs/api/) for tests
 * and development: a real HTTP server answering the endpoints the shop
 * calls with the documented shapes and errors, Basic auth checked, amounts
 * in paise, plus a stand-in of Checkout's script (razorpay-stand-in-checkout.ts).
 *
 * What it keeps of Razorpay's behaviour:
 * - an order moves created → attempted (first payment attempt) → paid
 *   (a payment captured); `attempts` counts the attempts;
 * - payments are captured at once ('auto', as the Dashboard's automatic
 *   capture does) or stay authorized until POST /capture ('manual');
 * - refunds: only on captured payments, never more than captured less
 *   refunded (400 with Razorpay's own description), and no de-duplication
 *   by receipt (Razorpay has none);
 * - empty `notes` are written `[]`, as Razorpay's serialiser does;
 * - lists are collections ({ entity: 'collection', count, items }), 10 a
 *   page unless `count` (at most 100) asks for more, `skip` to page on.
 *
 * Also runnable as a process for e2e and manual runs (printing only errors):
 *   RAZORPAY_STAND_IN_PORT=3330 RAZORPAY_KEY_ID=rzp_test_… RAZORPAY_KEY_SECRET=…
 *   RAZORPAY_WEBHOOK_SECRET=… [RAZORPAY_STAND_IN_WEBHOOK_URL=http://…/api/v1/payments/razorpay/webhook]
 *   [RAZORPAY_STAND_IN_CAPTURE=manual] node --import tsx server/test/razorpay-stand-in.ts
 * It is ready once GET /v1/checkout.js answers 200. There, what pay() does
 * is also `POST /v1/checkout/pay {key_id, order_id, method?, fail?}` (what the
 * dialog calls), answering `{answer}` or `{failure}`. Webhooks go to
 * RAZORPAY_STAND_IN_WEBHOOK_URL once each, without Razorpay's retries.
 */

export type StandInMethod = 'upi' | 'card' | 'netbanking' | 'wallet';
export type StandInWebhookEvent =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.processed'
  | 'refund.failed';

/** What Checkout's handler receives after a successful payment. */
export interface CheckoutAnswer {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** An error as Razorpay describes it, in its API's answers and to Checkout's listeners. */
export interface RazorpayErrorFields {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
}

/** What Checkout's 'payment.failed' listeners receive. */
export interface CheckoutFailure {
  error: RazorpayErrorFields & { metadata: { order_id: string; payment_id: string } };
}

export interface StandInWebhookEntities {
  payment?: RazorpayPayment;
  order?: RazorpayOrder;
  refund?: RazorpayRefund;
}

/** A webhook as Razorpay sends it: post `body` as it is, with `headers`. */
export interface StandInWebhook {
  body: string;
  headers: {
    'x-razorpay-signature': string;
    'x-razorpay-event-id': string;
    'content-type': string;
  };
}

/** One webhook delivered to `webhookUrl`: its answer's status, or why it was not delivered. */
export interface StandInDelivery {
  event: StandInWebhookEvent;
  eventId: string;
  status?: number;
  error?: string;
}

/**
 * How the next call to an endpoint fails: 'error' answers 500 and does
 * nothing; 'timeout' never answers (the client's timeout fires) and does
 * nothing; 'lost' does the work, then drops the connection before answering
 * (a refund made whose answer never arrived).
 */
export type StandInFailure = 'error' | 'timeout' | 'lost';

export interface StandInPayOptions {
  method?: StandInMethod;
  /**
   * The payment's amount in paise, when not the order's: a payment that does
   * not pay its order (Checkout tampered with), which the shop must neither
   * capture nor take as paid.
   */
  amount?: number;
}

export interface RazorpayStandInOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** 'auto' (default) captures a payment at once; 'manual' leaves it authorized until /capture. */
  captureMode?: 'auto' | 'manual';
  /** 'processed' (default) settles a refund at once; 'pending' waits for settleRefund(). */
  refundStatus?: 'processed' | 'pending';
  /** Where Razorpay delivers webhooks (the shop's webhook URL); none when absent. */
  webhookUrl?: string;
  /** Called when a webhook could not be delivered (the process prints it). */
  onDeliveryError?: (message: string) => void;
  /** 0 (default) picks a free port. */
  port?: number;
}

export interface RazorpayStandIn {
  /** Its API's base URL (RAZORPAY_API_URL), e.g. http://127.0.0.1:41234. */
  url: string;
  /** Its Checkout script (RAZORPAY_CHECKOUT_URL). */
  checkoutUrl: string;
  orders: ReadonlyMap<string, Readonly<RazorpayOrder>>;
  payments: ReadonlyMap<string, Readonly<RazorpayPayment>>;
  refunds: ReadonlyMap<string, Readonly<RazorpayRefund>>;
  /** Webhooks delivered to `webhookUrl`, in the order they were sent. */
  deliveries: readonly StandInDelivery[];
  /**
   * The shopper pays the order in Checkout: answers what Checkout's handler
   * receives, or with `fail: true` what its 'payment.failed' listeners receive.
   */
  pay(orderId: string, options?: StandInPayOptions & { fail?: false }): CheckoutAnswer;
  pay(orderId: string, options: StandInPayOptions & { fail: true }): CheckoutFailure;
  /** A signed webhook for `event`, to post yourself; missing related entities are looked up. */
  webhook(event: StandInWebhookEvent, entities: StandInWebhookEntities): StandInWebhook;
  /** Makes the next call to `path` (e.g. '/v1/orders', or a pattern) fail; see StandInFailure. */
  failNext(path: string | RegExp, how?: StandInFailure): void;
  /** Settles a pending refund ('pending' refundStatus), as Razorpay does later. */
  settleRefund(refundId: string, status: 'processed' | 'failed'): RazorpayRefund;
  /** Resolves once every webhook sent so far was answered or failed. */
  deliveriesSettled(): Promise<void>;
  /** Stops it (once, however often called), after the webhooks under way. */
  close(): Promise<void>;
}

// Entities with the fields Razorpay documents beyond those the shop reads.
type StandInOrder = RazorpayOrder & { offer_id: null };
type StandInPayment = RazorpayPayment & {
  invoice_id: null;
  international: boolean;
  description: string | null;
  fee: number | null;
  tax: number | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
};
type StandInRefund = RazorpayRefund & {
  acquirer_data: { arn: string | null };
  batch_id: null;
  speed_processed: 'normal';
  speed_requested: 'normal' | 'optimum';
};

interface RazorpayErrorBody {
  error: RazorpayErrorFields & { metadata: Record<string, string>; field?: string };
}

/** An answer that is one of Razorpay's errors. */
class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly body: RazorpayErrorBody,
  ) {
    super(body.error.description);
  }
}

const badRequest = (description: string, field?: string) =>
  new StandInError(400, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: field ? 'business' : 'NA',
      step: field ? 'payment_initiation' : 'NA',
      reason: field ? 'input_validation_failed' : 'NA',
      metadata: {},
      ...(field ? { field } : {}),
    },
  });

const unauthorized = (description: string) =>
  new StandInError(401, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'NA',
      step: 'NA',
      reason: 'NA',
      metadata: {},
    },
  });

const SERVER_ERROR: RazorpayErrorBody = {
  error: {
    code: 'SERVER_ERROR',
    description:
      'We are facing some trouble completing your request at the moment. Please try again shortly.',
    source: 'NA',
    step: 'NA',
    reason: 'NA',
    metadata: {},
  },
};

// Razorpay's own descriptions (its public error texts) for the cases the stand-in refuses.
const NO_SUCH_ID = 'The id provided does not exist';
const NO_SUCH_URL = 'The requested URL was not found on the server.';
const MAX_RECEIPT_LENGTH = 40;
const MIN_AMOUNT_PAISE = 100;
const PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;
const ACCOUNT_ID = 'acc_StandIn0000001';

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Razorpay ids: a prefix and 14 letters or digits (order_EKwxwAgItmmXdp). */
const newId = (prefix: string) =>
  `${prefix}_${Array.from(randomBytes(14), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('')}`;
const unixNow = () => Math.floor(Date.now() / 1000);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An entity as Razorpay writes it: empty notes become `[]`. */
function wire(entity: { notes: Record<string, string> }): unknown {
  return Object.keys(entity.notes).length === 0 ? { ...entity, notes: [] } : entity;
}

function amountOf(body: Record<string, unknown>, required: boolean): number | undefined {
  const amount = body.amount;
  if (amount === undefined) {
    if (required) throw badRequest('The amount field is required.', 'amount');
    return undefined;
  }
  if (typeof amount !== 'number' || !Number.isInteger(amount)) {
    throw badRequest('The amount must be an integer.', 'amount');
  }
  if (amount < MIN_AMOUNT_PAISE) throw badRequest('The amount must be at least INR 1.00', 'amount');
  return amount;
}

function notesOf(body: Record<string, unknown>): Record<string, string> {
  if (body.notes === undefined) return {};
  if (
    !isRecord(body.notes) ||
    Object.keys(body.notes).length > 15 ||
    !Object.values(body.notes).every((value) => typeof value === 'string' && value.length <= 256)
  ) {
    throw badRequest('notes: at most 15 key-value pairs of at most 256 characters', 'notes');
  }
  return body.notes as Record<string, string>;
}

function receiptOf(body: Record<string, unknown>): string | null {
  if (body.receipt === undefined || body.receipt === null) return null;
  if (typeof body.receipt !== 'string')
    throw badRequest('The receipt must be a string.', 'receipt');
  if (body.receipt.length > MAX_RECEIPT_LENGTH) {
    throw badRequest('The receipt may not be greater than 40 characters.', 'receipt');
  }
  return body.receipt;
}

function page<Entity extends { notes: Record<string, string> }>(
  entities: Entity[],
  query: URLSearchParams,
) {
  const count = Math.min(Number(query.get('count') ?? PAGE_SIZE) || PAGE_SIZE, MAX_PAGE_SIZE);
  const skip = Math.max(Number(query.get('skip') ?? 0) || 0, 0);
  const items = entities.slice(skip, skip + count).map(wire);
  return { entity: 'collection', count: items.length, items };
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) return parsed;
  } catch {
    // Answered below, as Razorpay answers a body it cannot read.
  }
  throw badRequest('The request body is not valid JSON.');
}

export async function startRazorpayStandIn(
  options: RazorpayStandInOptions,
): Promise<RazorpayStandIn> {
  const captureMode = options.captureMode ?? 'auto';
  const orders = new Map<string, StandInOrder>();
  const payments = new Map<string, StandInPayment>();
  const refunds = new Map<string, StandInRefund>();
  const deliveries: StandInDelivery[] = [];
  const pendingDeliveries = new Set<Promise<void>>();
  const failures: Array<{ path: string | RegExp; how: StandInFailure }> = [];
  const heldSockets = new Set<Socket>();
  const expectedAuthorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  const findOrder = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw badRequest(NO_SUCH_ID);
    return order;
  };
  const findPayment = (paymentId: string) => {
    const payment = payments.get(paymentId);
    if (!payment) throw badRequest(NO_SUCH_ID);
    return payment;
  };
  const refundsOf = (paymentId: string) =>
    [...refunds.values()].filter((refund) => refund.payment_id === paymentId);

  function signedWebhook(
    event: StandInWebhookEvent,
    entities: StandInWebhookEntities,
  ): StandInWebhook {
    const refund = entities.refund;
    const payment =
      entities.payment ??
      (refund && payments.get(refund.payment_id)) ??
      (entities.order &&
        [...payments.values()].find(
          (candidate) => candidate.order_id === entities.order?.id && candidate.captured,
        ));
    const order = entities.order ?? (payment?.order_id ? orders.get(payment.order_id) : undefined);
    const contains: Array<'payment' | 'order' | 'refund'> =
      event === 'order.paid'
        ? ['payment', 'order']
        : event.startsWith('refund.')
          ? ['refund', 'payment']
          : ['payment'];
    const found = { payment, order, refund };
    const payload: Record<string, { entity: unknown }> = {};
    for (const name of contains) {
      const entity = found[name];
      if (!entity) throw new Error(`A ${event} webhook needs a ${name}`);
      payload[name] = { entity: wire(entity) };
    }
    const body = JSON.stringify({
      entity: 'event',
      account_id: ACCOUNT_ID,
      event,
      contains,
      payload,
      created_at: unixNow(),
    });
    return {
      body,
      headers: {
        'x-razorpay-signature': createHmac('sha256', options.webhookSecret)
          .update(body)
          .digest('hex'),
        'x-razorpay-event-id': newId('evt').slice(4),
        'content-type': 'application/json',
      },
    };
  }

  /** Sends a webhook to `webhookUrl`, as Razorpay does after the event, without waiting for it. */
  function deliver(event: StandInWebhookEvent, entities: StandInWebhookEntities) {
    const { webhookUrl } = options;
    if (!webhookUrl) return;
    const webhook = signedWebhook(event, structuredClone(entities));
    const delivery: StandInDelivery = { event, eventId: webhook.headers['x-razorpay-event-id'] };
    deliveries.push(delivery);
    const sending = fetch(webhookUrl, {
      method: 'POST',
      headers: { ...webhook.headers, 'user-agent': 'Razorpay-Webhook/v1' },
      body: webhook.body,
      signal: AbortSignal.timeout(5_000),
    })
      .then(async (response) => {
        delivery.status = response.status;
        await response.arrayBuffer();
        if (!response.ok) {
          options.onDeliveryError?.(`${event} webhook answered ${response.status}`);
        }
      })
      .catch((error: unknown) => {
        delivery.error = error instanceof Error ? error.message : String(error);
        options.onDeliveryError?.(`${event} webhook not delivered: ${delivery.error}`);
      })
      .finally(() => pendingDeliveries.delete(sending));
    pendingDeliveries.add(sending);
  }

  function capture(payment: StandInPayment) {
    payment.status = 'captured';
    payment.captured = true;
    const order = payment.order_id ? orders.get(payment.order_id) : undefined;
    if (order) {
      order.amount_paid += payment.amount;
      order.amount_due = Math.max(order.amount - order.amount_paid, 0);
      if (order.amount_due === 0) order.status = 'paid';
    }
    deliver('payment.captured', { payment });
    if (order?.status === 'paid') deliver('order.paid', { payment, order });
  }

  function pay(
    orderId: string,
    { method = 'upi', fail = false, amount }: StandInPayOptions & { fail?: boolean } = {},
  ): CheckoutAnswer | CheckoutFailure {
    const order = orders.get(orderId);
    if (!order) throw new Error(`No Razorpay order ${orderId}`);
    if (order.status === 'paid') throw new Error(`Razorpay order ${orderId} is already paid`);
    order.attempts += 1;
    order.status = 'attempted';
    const payment: StandInPayment = {
      id: newId('pay'),
      entity: 'payment',
      amount: amount ?? order.amount,
      currency: order.currency,
      status: fail ? 'failed' : 'authorized',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: null,
      card_id: method === 'card' ? newId('card') : null,
      bank: method === 'netbanking' ? 'HDFC' : null,
      wallet: method === 'wallet' ? 'paytm' : null,
      vpa: method === 'upi' ? 'success@razorpay' : null,
      email: 'void@razorpay.com',
      contact: '+919000090000',
      notes: {},
      fee: null,
      tax: null,
      error_code: fail ? 'BAD_REQUEST_ERROR' : null,
      error_description: fail ? 'Payment failed' : null,
      error_source: fail ? 'customer' : null,
      error_step: fail ? 'payment_authentication' : null,
      error_reason: fail ? 'payment_failed' : null,
      acquirer_data: {},
      created_at: unixNow(),
    };
    payments.set(payment.id, payment);
    if (fail) {
      deliver('payment.failed', { payment });
      return {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed',
          source: 'customer',
          step: 'payment_authentication',
          reason: 'payment_failed',
          metadata: { order_id: order.id, payment_id: payment.id },
        },
      };
    }
    if (captureMode === 'auto') capture(payment);
    else deliver('payment.authorized', { payment });
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: createHmac('sha256', options.keySecret)
        .update(`${order.id}|${payment.id}`)
        .digest('hex'),
    };
  }

  function createOrder(body: Record<string, unknown>) {
    const amount = amountOf(body, true) as number;
    if (body.currency === undefined)
      throw badRequest('The currency field is required.', 'currency');
    if (body.currency !== 'INR') throw badRequest('Currency is not supported', 'currency');
    const order: StandInOrder = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt: receiptOf(body),
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: notesOf(body),
      created_at: unixNow(),
    };
    orders.set(order.id, order);
    return order;
  }

  function capturePayment(paymentId: string, body: Record<string, unknown>) {
    const payment = findPayment(paymentId);
    const amount = amountOf(body, true);
    if (body.currency !== undefined && body.currency !== payment.currency) {
      throw badRequest('The currency should be same as the payment currency', 'currency');
    }
    if (payment.captured) throw badRequest('This payment has already been captured');
    if (payment.status !== 'authorized') {
      throw badRequest(
        'Only payments which have been authorized and not yet captured can be captured',
      );
    }
    if (amount !== payment.amount) {
      throw badRequest('Capture amount must be equal to the amount authorized', 'amount');
    }
    capture(payment);
    return payment;
  }

  function settle(refund: StandInRefund, status: 'processed' | 'failed') {
    refund.status = status;
    const payment = findPayment(refund.payment_id);
    if (status === 'failed') {
      // A failed refund gives the amount back to what may still be refunded.
      payment.amount_refunded -= refund.amount;
      payment.refund_status = payment.amount_refunded === 0 ? null : 'partial';
      payment.status = 'captured';
    } else {
      refund.acquirer_data.arn = String(Date.now());
    }
    deliver(status === 'processed' ? 'refund.processed' : 'refund.failed', { refund, payment });
  }

  function refundPayment(paymentId: string, body: Record<string, unknown>) {
    const payment = findPayment(paymentId);
    if (!payment.captured) {
      throw badRequest('The payment status should be captured for action to be taken');
    }
    if (payment.amount_refunded >= payment.amount) {
      throw badRequest('The payment has been fully refunded already');
    }
    const amount = amountOf(body, false) ?? payment.amount - payment.amount_refunded;
    if (payment.amount_refunded + amount > payment.amount) {
      throw badRequest('The total refund amount is greater than the refund payment amount');
    }
    const speed = body.speed ?? 'normal';
    if (speed !== 'normal' && speed !== 'optimum') {
      throw badRequest('The selected speed is invalid.', 'speed');
    }
    const refund: StandInRefund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: notesOf(body),
      receipt: receiptOf(body),
      acquirer_data: { arn: null },
      created_at: unixNow(),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: speed,
    };
    refunds.set(refund.id, refund);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
    if ((options.refundStatus ?? 'processed') === 'processed') settle(refund, 'processed');
    return refund;
  }

  /** The API routes behind Basic auth: the answer's body for a path, or a StandInError. */
  async function api(request: IncomingMessage, url: URL): Promise<unknown> {
    const method = request.method ?? 'GET';
    const parts = url.pathname.split('/').filter(Boolean);
    const route = `${method} /${parts.map((part, index) => (index === 2 ? ':id' : part)).join('/')}`;
    const id = parts[2] ?? '';
    switch (route) {
      case 'POST /v1/orders':
        return wire(createOrder(await readBody(request)));
      case 'GET /v1/orders/:id':
        return wire(findOrder(id));
      case 'GET /v1/orders/:id/payments': {
        findOrder(id);
        const ofOrder = [...payments.values()].filter((payment) => payment.order_id === id);
        return { entity: 'collection', count: ofOrder.length, items: ofOrder.map(wire) };
      }
      case 'GET /v1/payments/:id':
        return wire(findPayment(id));
      case 'POST /v1/payments/:id/capture':
        return wire(capturePayment(id, await readBody(request)));
      case 'POST /v1/payments/:id/refund':
        return wire(refundPayment(id, await readBody(request)));
      case 'GET /v1/payments/:id/refunds':
        findPayment(id);
        return page(refundsOf(id), url.searchParams);
      case 'GET /v1/refunds/:id': {
        const refund = refunds.get(id);
        if (!refund) throw badRequest(NO_SUCH_ID);
        return wire(refund);
      }
      default:
        throw badRequest(NO_SUCH_URL);
    }
  }

  function checkAuthorization(request: IncomingMessage) {
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Please provide your api key for authentication purposes.');
    if (header !== expectedAuthorization) throw unauthorized('Authentication failed');
  }

  function send(response: ServerResponse, status: number, body: string, type: string) {
    response.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'cross-origin-resource-policy': 'cross-origin',
    });
    response.end(body);
  }
  const sendJson = (response: ServerResponse, status: number, body: unknown) =>
    send(response, status, JSON.stringify(body), 'application/json; charset=utf-8');

  /** Checkout's own calls, from its script and dialog: no API key, only the public key id. */
  async function checkout(request: IncomingMessage, response: ServerResponse, url: URL) {
    if (request.method === 'GET' && url.pathname === CHECKOUT_PATHS.script) {
      send(response, 200, checkoutScript(origin), 'application/javascript; charset=utf-8');
      return;
    }
    if (request.method === 'GET' && url.pathname === CHECKOUT_PATHS.dialog) {
      const query = url.searchParams;
      const order = orders.get(query.get('order_id') ?? '');
      const problem =
        query.get('key_id') !== options.keyId
          ? 'The api key provided is invalid'
          : !order
            ? NO_SUCH_ID
            : order.status === 'paid'
              ? 'This order has already been paid'
              : undefined;
      const html = checkoutDialog({
        name: query.get('name') ?? '',
        description: query.get('description') ?? '',
        order: problem || !order ? { problem: problem ?? NO_SUCH_ID } : { amount: order.amount },
      });
      send(response, 200, html, 'text/html; charset=utf-8');
      return;
    }
    if (request.method === 'POST' && url.pathname === CHECKOUT_PATHS.pay) {
      const body = await readBody(request);
      if (body.key_id !== options.keyId) throw badRequest('The api key provided is invalid');
      const order = findOrder(String(body.order_id ?? ''));
      if (order.status === 'paid') throw badRequest('This order has already been paid');
      const method = (['upi', 'card', 'netbanking', 'wallet'] as const).find(
        (known) => known === body.method,
      );
      const result = pay(order.id, { method: method ?? 'upi', fail: body.fail === true });
      sendJson(response, 200, 'error' in result ? { failure: result } : { answer: result });
      return;
    }
    throw badRequest(NO_SUCH_URL);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', origin);
    try {
      if (url.pathname.startsWith('/v1/checkout')) {
        await checkout(request, response, url);
        return;
      }
      checkAuthorization(request);
      const failureIndex = failures.findIndex(({ path }) =>
        typeof path === 'string' ? path === url.pathname : path.test(url.pathname),
      );
      const [failure] = failureIndex < 0 ? [] : failures.splice(failureIndex, 1);
      if (failure?.how === 'error') {
        sendJson(response, 500, SERVER_ERROR);
        return;
      }
      if (failure?.how === 'timeout') {
        heldSockets.add(request.socket);
        return;
      }
      const body = await api(request, url);
      if (failure?.how === 'lost') {
        request.socket.destroy();
        return;
      }
      sendJson(response, 200, body);
    } catch (error) {
      if (error instanceof StandInError) {
        sendJson(response, error.status, error.body);
        return;
      }
      process.stderr.write(`Razorpay stand-in: ${String(error)}\n`);
      sendJson(response, 500, SERVER_ERROR);
    }
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | undefined;
  const deliveriesSettled = async () => {
    while (pendingDeliveries.size > 0) await Promise.all(pendingDeliveries);
  };

  return {
    url: origin,
    checkoutUrl: `${origin}${CHECKOUT_PATHS.script}`,
    orders,
    payments,
    refunds,
    deliveries,
    pay: pay as RazorpayStandIn['pay'],
    webhook: signedWebhook,
    failNext(path, how = 'error') {
      failures.push({ path, how });
    },
    settleRefund(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`No Razorpay refund ${refundId}`);
      if (refund.status !== 'pending') throw new Error(`Razorpay refund ${refundId} is settled`);
      settle(refund, status);
      return refund;
    },
    deliveriesSettled,
    close() {
      closing ??= (async () => {
        await deliveriesSettled();
        for (const socket of heldSockets) socket.destroy();
        const closed = new Promise<void>((resolve, reject) =>
          server.close((error) => (error ? reject(error) : resolve())),
        );
        server.closeAllConnections();
        await closed;
      })();
      return closing;
    },
  };
}

/** The stand-in as a process, configured by the environment (see the top of this file). */
async function main() {
  const env = process.env;
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  const standIn = await startRazorpayStandIn({
    port: Number(required('RAZORPAY_STAND_IN_PORT')),
    keyId: required('RAZORPAY_KEY_ID'),
    keySecret: required('RAZORPAY_KEY_SECRET'),
    webhookSecret: required('RAZORPAY_WEBHOOK_SECRET'),
    captureMode: env.RAZORPAY_STAND_IN_CAPTURE === 'manual' ? 'manual' : 'auto',
    ...(env.RAZORPAY_STAND_IN_WEBHOOK_URL ? { webhookUrl: env.RAZORPAY_STAND_IN_WEBHOOK_URL } : {}),
    onDeliveryError: (message) => process.stderr.write(`Razorpay stand-in: ${message}\n`),
  });
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await standIn.close();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runMain(main);
