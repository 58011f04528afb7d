import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's REST API (https://razorpay.com/docs/api/) as the shop uses it:
 * orders, payments, capture and refunds, with Basic auth (key id : key
 * secret) and JSON, amounts in paise. Plain `fetch`, no SDK: every call is
 * the documented request, and the secret goes only into the Authorization
 * header, never into a message or a log.
 */

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string | null;
  /** 'card' | 'upi' | 'netbanking' | 'wallet' | 'emi' | ... */
  method: string;
  captured: boolean;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  error_code: string | null;
  error_description: string | null;
  vpa?: string | null;
  bank?: string | null;
  wallet?: string | null;
  card_id?: string | null;
  email?: string;
  contact?: string;
  notes: Record<string, string>;
  created_at: number;
}

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  notes: Record<string, string>;
  created_at: number;
}

/** Razorpay answered an error ({ error: { code, description, ... } }) or could not be reached. */
export class RazorpayError extends Error {
  /** The HTTP status Razorpay answered; undefined when it could not be reached or timed out. */
  readonly status: number | undefined;
  /** Razorpay's error code (BAD_REQUEST_ERROR, GATEWAY_ERROR, SERVER_ERROR). */
  readonly code: string | undefined;
  /** Razorpay's own words for the error, as it documents them. */
  readonly description: string | undefined;

  constructor(
    message: string,
    details: { status?: number; code?: string; description?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'RazorpayError';
    this.status = details.status;
    this.code = details.code;
    this.description = details.description;
  }
}

export interface RazorpayClientConfig {
  keyId: string;
  keySecret: string;
  /** https://api.razorpay.com, or a stand-in's address; no trailing slash needed. */
  apiUrl: string;
  /** How long one call may take before it fails; 10 s unless a test needs less. */
  timeoutMs?: number;
}

const REQUEST_TIMEOUT_MS = 10_000;
/** Razorpay lists at most 100 entities a page (`count`), 10 when not asked. */
const PAGE_SIZE = 100;
/** The only currency the shop sells in. */
const CURRENCY = 'INR';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Razorpay writes empty notes as `[]` (its PHP serialiser); the shop always sees an object. */
function withNotesObject<Entity extends { notes: Record<string, string> }>(entity: Entity): Entity {
  return isRecord(entity.notes) ? entity : { ...entity, notes: {} };
}

export function createRazorpayClient(config: RazorpayClientConfig) {
  const baseUrl = config.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const what = `Razorpay ${method} ${path}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new RazorpayError(
        timedOut
          ? `${what}: no answer within ${timeoutMs} ms`
          : `${what}: no answer (not reached, or the connection dropped)`,
        { cause: error },
      );
    }
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const error = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : {};
      const code = typeof error.code === 'string' ? error.code : undefined;
      const description = typeof error.description === 'string' ? error.description : undefined;
      throw new RazorpayError(
        `${what} answered ${response.status}${code ? ` ${code}` : ''}${description ? `: ${description}` : ''}`,
        {
          status: response.status,
          ...(code === undefined ? {} : { code }),
          ...(description === undefined ? {} : { description }),
        },
      );
    }
    if (!isRecord(parsed)) {
      throw new RazorpayError(`${what} answered ${response.status} without a JSON object`, {
        status: response.status,
      });
    }
    return parsed;
  }

  /** One entity, checked to be what was asked for: a wrong address or proxy answers something else. */
  async function entity<Entity extends { entity: string; notes: Record<string, string> }>(
    kind: Entity['entity'],
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<Entity> {
    const answer = await call(method, path, body);
    if (!isRecord(answer) || answer.entity !== kind || typeof answer.id !== 'string') {
      throw new RazorpayError(`Razorpay ${method} ${path} did not answer a ${kind}`);
    }
    return withNotesObject(answer as unknown as Entity);
  }

  /** The items of a collection ({ entity: 'collection', count, items }), each checked. */
  async function items<Entity extends { entity: string; notes: Record<string, string> }>(
    kind: Entity['entity'],
    path: string,
  ): Promise<Entity[]> {
    const answer = await call('GET', path);
    if (
      !isRecord(answer) ||
      answer.entity !== 'collection' ||
      !Array.isArray(answer.items) ||
      !answer.items.every((item) => isRecord(item) && item.entity === kind)
    ) {
      throw new RazorpayError(`Razorpay GET ${path} did not answer a collection of ${kind}s`);
    }
    return (answer.items as Entity[]).map(withNotesObject);
  }

  const id = (value: string) => encodeURIComponent(value);

  function refundPayment(
    paymentId: string,
    input: { amountPaise: number; receipt: string; notes?: Record<string, string> },
  ): Promise<RazorpayRefund> {
    return entity<RazorpayRefund>('refund', 'POST', `/v1/payments/${id(paymentId)}/refund`, {
      amount: input.amountPaise,
      speed: 'normal',
      receipt: input.receipt,
      ...(input.notes ? { notes: input.notes } : {}),
    });
  }

  async function fetchPaymentRefunds(paymentId: string): Promise<RazorpayRefund[]> {
    const refunds: RazorpayRefund[] = [];
    for (;;) {
      const page = await items<RazorpayRefund>(
        'refund',
        `/v1/payments/${id(paymentId)}/refunds?count=${PAGE_SIZE}&skip=${refunds.length}`,
      );
      refunds.push(...page);
      if (page.length < PAGE_SIZE) return refunds;
    }
  }

  return {
    /** POST /v1/orders: one Razorpay order per shop order, in INR; `receipt` is the shop's order id. */
    createOrder(input: {
      amountPaise: number;
      receipt: string;
      notes?: Record<string, string>;
    }): Promise<RazorpayOrder> {
      return entity<RazorpayOrder>('order', 'POST', '/v1/orders', {
        amount: input.amountPaise,
        currency: CURRENCY,
        receipt: input.receipt,
        ...(input.notes ? { notes: input.notes } : {}),
      });
    },

    /** GET /v1/payments/:id */
    fetchPayment(paymentId: string): Promise<RazorpayPayment> {
      return entity<RazorpayPayment>('payment', 'GET', `/v1/payments/${id(paymentId)}`);
    },

    /** POST /v1/payments/:id/capture: an authorized payment, for exactly its amount. */
    capturePayment(paymentId: string, amountPaise: number): Promise<RazorpayPayment> {
      return entity<RazorpayPayment>('payment', 'POST', `/v1/payments/${id(paymentId)}/capture`, {
        amount: amountPaise,
        currency: CURRENCY,
      });
    },

    /** GET /v1/orders/:id/payments: every attempt to pay the order, failed ones too. */
    fetchOrderPayments(orderId: string): Promise<RazorpayPayment[]> {
      return items<RazorpayPayment>('payment', `/v1/orders/${id(orderId)}/payments`);
    },

    /**
     * POST /v1/payments/:id/refund, normal speed. Razorpay does not de-duplicate
     * by receipt: whoever retries uses refundOnce.
     */
    refundPayment,

    /** GET /v1/payments/:id/refunds, every page (Razorpay answers 10 a page unless asked). */
    fetchPaymentRefunds,

    /**
     * A refund made once per receipt: Razorpay does not de-duplicate, so a
     * refund with this receipt already made (sent before and its answer lost,
     * or sent by another process) is answered instead of making a second one.
     */
    async refundOnce(
      paymentId: string,
      input: { amountPaise: number; receipt: string; notes?: Record<string, string> },
    ): Promise<RazorpayRefund> {
      const sent = (await fetchPaymentRefunds(paymentId)).find(
        (candidate) => candidate.receipt === input.receipt,
      );
      return sent ?? refundPayment(paymentId, input);
    },
  };
}

export type RazorpayClient = ReturnType<typeof createRazorpayClient>;

const hmacHex = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Equal hex signatures, in constant time; a wrong length or anything but lower-case hex is false. */
function isSameSignature(expectedHex: string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]+$/.test(signature)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** HMAC-SHA256(orderId + '|' + paymentId, keySecret), hex: what Checkout's handler receives as razorpay_signature. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/**
 * Constant-time check of a Checkout answer's signature against OUR stored
 * Razorpay order id (never the order id the browser sends: a payment made
 * for another, cheaper order must not pay this one).
 */
export function isValidPaymentSignature(
  input: { orderId: string; paymentId: string; signature: string },
  keySecret: string,
): boolean {
  return isSameSignature(
    paymentSignature(input.orderId, input.paymentId, keySecret),
    input.signature,
  );
}

/**
 * HMAC-SHA256(raw body, webhookSecret), hex, compared in constant time with
 * X-Razorpay-Signature; false when missing. The raw body, byte for byte: a
 * body parsed and serialised again may differ and never matches.
 */
export function isValidWebhookSignature(
  rawBody: string | Buffer,
  signature: string | undefined,
  webhookSecret: string,
): boolean {
  return isSameSignature(hmacHex(webhookSecret, rawBody), signature);
}
