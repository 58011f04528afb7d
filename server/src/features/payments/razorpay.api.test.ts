import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type RazorpayStandIn,
  type RazorpayStandInOptions,
  startRazorpayStandIn,
} from '#server-test/razorpay-stand-in.ts';
import {
  createRazorpayClient,
  isValidPaymentSignature,
  isValidWebhookSignature,
  RazorpayError,
} from './razorpay.ts';

const KEYS = {
  keyId: 'rzp_test_StandInKey0001',
  keySecret: 'stand-in-key-secret',
  webhookSecret: 'stand-in-webhook-secret',
};

const standIns: RazorpayStandIn[] = [];
afterEach(async () => {
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
});

async function setUp(options: Partial<RazorpayStandInOptions> = {}) {
  const standIn = await startRazorpayStandIn({ ...KEYS, ...options });
  standIns.push(standIn);
  const client = createRazorpayClient({ ...KEYS, apiUrl: standIn.url });
  return { standIn, client };
}

/** The error a call failed with, for assertions on its status and code. */
async function failureOf(call: Promise<unknown>): Promise<RazorpayError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RazorpayError);
  return error as RazorpayError;
}

describe('the Razorpay client against the stand-in', () => {
  it('creates an order in paise and INR, with its receipt and notes', async () => {
    const { client, standIn } = await setUp();
    const order = await client.createOrder({
      amountPaise: 49_900,
      receipt: 'shop-order-1',
      notes: { shopOrderId: 'shop-order-1' },
    });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 49_900,
      amount_paid: 0,
      amount_due: 49_900,
      currency: 'INR',
      receipt: 'shop-order-1',
      status: 'created',
      attempts: 0,
      notes: { shopOrderId: 'shop-order-1' },
    });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(standIn.orders.get(order.id)?.amount).toBe(49_900);
  });

  it('turns the empty notes Razorpay writes as [] into an object', async () => {
    const { client } = await setUp();
    const order = await client.createOrder({ amountPaise: 10_000, receipt: 'no-notes' });
    expect(order.notes).toEqual({});
  });

  it('answers a 400 RazorpayError with Razorpay’s code and description for an amount under ₹1', async () => {
    const { client } = await setUp();
    const error = await failureOf(client.createOrder({ amountPaise: 99, receipt: 'too-small' }));
    expect(error).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'The amount must be at least INR 1.00',
    });
  });

  it('pays an order through Checkout: a signed answer, the payment captured, the order paid', async () => {
    const { client, standIn } = await setUp();
    const order = await client.createOrder({ amountPaise: 25_000, receipt: 'paid-by-upi' });
    const answer = standIn.pay(order.id, { method: 'upi' });

    expect(answer.razorpay_order_id).toBe(order.id);
    expect(
      isValidPaymentSignature(
        {
          orderId: order.id,
          paymentId: answer.razorpay_payment_id,
          signature: answer.razorpay_signature,
        },
        KEYS.keySecret,
      ),
    ).toBe(true);
    const payment = await client.fetchPayment(answer.razorpay_payment_id);
    expect(payment).toMatchObject({
      entity: 'payment',
      amount: 25_000,
      currency: 'INR',
      status: 'captured',
      captured: true,
      order_id: order.id,
      method: 'upi',
      vpa: 'success@razorpay',
      amount_refunded: 0,
      refund_status: null,
      error_code: null,
      notes: {},
    });
    expect(standIn.orders.get(order.id)).toMatchObject({
      status: 'paid',
      amount_paid: 25_000,
      amount_due: 0,
      attempts: 1,
    });
  });

  it("captures in manual mode only for the payment's exact amount, and only once", async () => {
    const { client, standIn } = await setUp({ captureMode: 'manual' });
    const order = await client.createOrder({ amountPaise: 30_000, receipt: 'manual-capture' });
    const answer = standIn.pay(order.id, { method: 'card' });

    const authorized = await client.fetchPayment(answer.razorpay_payment_id);
    expect(authorized).toMatchObject({ status: 'authorized', captured: false, method: 'card' });
    expect(standIn.orders.get(order.id)?.status).toBe('attempted');

    const wrongAmount = await failureOf(client.capturePayment(authorized.id, 29_900));
    expect(wrongAmount).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });

    const captured = await client.capturePayment(authorized.id, 30_000);
    expect(captured).toMatchObject({ status: 'captured', captured: true });
    expect(standIn.orders.get(order.id)?.status).toBe('paid');

    const again = await failureOf(client.capturePayment(authorized.id, 30_000));
    expect(again).toMatchObject({
      status: 400,
      description: 'This payment has already been captured',
    });
  });

  it('refunds twice up to the captured amount and refuses a third, then lists both refunds', async () => {
    const { client, standIn } = await setUp();
    const order = await client.createOrder({ amountPaise: 50_000, receipt: 'refunded' });
    const { razorpay_payment_id: paymentId } = standIn.pay(order.id);

    const first = await client.refundPayment(paymentId, {
      amountPaise: 20_000,
      receipt: 'refund-1',
      notes: { reason: 'return' },
    });
    expect(first).toMatchObject({
      entity: 'refund',
      amount: 20_000,
      currency: 'INR',
      payment_id: paymentId,
      receipt: 'refund-1',
      status: 'processed',
      notes: { reason: 'return' },
    });
    expect(await client.fetchPayment(paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 20_000,
      refund_status: 'partial',
    });

    const second = await client.refundPayment(paymentId, {
      amountPaise: 30_000,
      receipt: 'refund-2',
    });
    expect(second).toMatchObject({ amount: 30_000, receipt: 'refund-2', notes: {} });
    expect(await client.fetchPayment(paymentId)).toMatchObject({
      status: 'refunded',
      amount_refunded: 50_000,
      refund_status: 'full',
    });

    const third = await failureOf(
      client.refundPayment(paymentId, { amountPaise: 100, receipt: 'refund-3' }),
    );
    expect(third).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'The payment has been fully refunded already',
    });

    const listed = await client.fetchPaymentRefunds(paymentId);
    expect(listed.map((refund) => [refund.id, refund.receipt])).toEqual([
      [first.id, 'refund-1'],
      [second.id, 'refund-2'],
    ]);
  });

  it('refuses a refund larger than what is left of the payment', async () => {
    const { client, standIn } = await setUp();
    const order = await client.createOrder({ amountPaise: 10_000, receipt: 'over-refund' });
    const { razorpay_payment_id: paymentId } = standIn.pay(order.id);
    await client.refundPayment(paymentId, { amountPaise: 6_000, receipt: 'part' });

    const error = await failureOf(
      client.refundPayment(paymentId, { amountPaise: 4_100, receipt: 'too-much' }),
    );
    expect(error).toMatchObject({
      status: 400,
      description: 'The total refund amount is greater than the refund payment amount',
    });
    expect((await client.fetchPayment(paymentId)).amount_refunded).toBe(6_000);
  });

  it('lists every refund of a payment, past one page of Razorpay’s list', async () => {
    const { client, standIn } = await setUp();
    const order = await client.createOrder({ amountPaise: 101 * 100, receipt: 'many-refunds' });
    const { razorpay_payment_id: paymentId } = standIn.pay(order.id);
    for (let index = 0; index < 101; index += 1) {
      await client.refundPayment(paymentId, { amountPaise: 100, receipt: `r-${index}` });
    }
    const listed = await client.fetchPaymentRefunds(paymentId);
    expect(listed.map((refund) => refund.receipt)).toEqual(
      Array.from({ length: 101 }, (_, index) => `r-${index}`),
    );
  });

  it("lists an order's payments, the failed attempt and the captured one", async () => {
    const { client, standIn } = await setUp();
    const order = await client.createOrder({ amountPaise: 15_000, receipt: 'retried' });
    const failure = standIn.pay(order.id, { fail: true });
    expect(failure.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', reason: 'payment_failed' });
    expect(standIn.orders.get(order.id)?.status).toBe('attempted');
    const answer = standIn.pay(order.id, { method: 'netbanking' });

    const payments = await client.fetchOrderPayments(order.id);
    expect(payments.map((payment) => [payment.id, payment.status])).toEqual([
      [failure.error.metadata.payment_id, 'failed'],
      [answer.razorpay_payment_id, 'captured'],
    ]);
    expect(payments[0]).toMatchObject({
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment failed',
    });
    expect(payments[1]).toMatchObject({ method: 'netbanking', bank: 'HDFC' });
    expect(standIn.orders.get(order.id)).toMatchObject({ status: 'paid', attempts: 2 });
  });

  it('answers 400 for an id Razorpay does not know', async () => {
    const { client } = await setUp();
    const error = await failureOf(client.fetchPayment('pay_DoesNotExist01'));
    expect(error).toMatchObject({ status: 400, description: 'The id provided does not exist' });
  });

  it('fails with a 401 RazorpayError for a wrong key secret, and never tells the secret', async () => {
    const { standIn } = await setUp();
    const client = createRazorpayClient({
      keyId: KEYS.keyId,
      keySecret: 'a-wrong-secret',
      apiUrl: standIn.url,
    });
    const error = await failureOf(client.createOrder({ amountPaise: 10_000, receipt: 'x' }));
    expect(error).toMatchObject({
      status: 401,
      code: 'BAD_REQUEST_ERROR',
      description: 'Authentication failed',
    });
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain('a-wrong-secret');
    expect(standIn.orders.size).toBe(0);
  });

  it('fails with a RazorpayError without a status when Razorpay cannot be reached', async () => {
    const { standIn } = await setUp();
    await standIn.close();
    const client = createRazorpayClient({ ...KEYS, apiUrl: standIn.url });
    const error = await failureOf(client.fetchPayment('pay_AnyPayment0001'));
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('no answer (not reached');
  });

  it('gives up on a call that does not answer within its timeout', async () => {
    const { standIn } = await setUp();
    const client = createRazorpayClient({ ...KEYS, apiUrl: standIn.url, timeoutMs: 300 });
    standIn.failNext('/v1/orders', 'timeout');
    const error = await failureOf(client.createOrder({ amountPaise: 10_000, receipt: 'slow' }));
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('no answer within 300 ms');
    expect(standIn.orders.size).toBe(0);
  });

  it('fails with a 500 RazorpayError when Razorpay has trouble, and the next call works', async () => {
    const { client, standIn } = await setUp();
    standIn.failNext('/v1/orders');
    const error = await failureOf(client.createOrder({ amountPaise: 10_000, receipt: 'retry' }));
    expect(error).toMatchObject({ status: 500, code: 'SERVER_ERROR' });
    expect(standIn.orders.size).toBe(0);
    await expect(
      client.createOrder({ amountPaise: 10_000, receipt: 'retry' }),
    ).resolves.toMatchObject({ receipt: 'retry' });
  });

  it('finds by its receipt a refund made whose answer was lost', async () => {
    const { client, standIn } = await setUp();
    const order = await client.createOrder({ amountPaise: 10_000, receipt: 'lost-answer' });
    const { razorpay_payment_id: paymentId } = standIn.pay(order.id);
    standIn.failNext(`/v1/payments/${paymentId}/refund`, 'lost');

    await failureOf(
      client.refundPayment(paymentId, { amountPaise: 10_000, receipt: 'cancel-lost-answer' }),
    );
    const [made] = await client.fetchPaymentRefunds(paymentId);
    expect(made).toMatchObject({ receipt: 'cancel-lost-answer', amount: 10_000 });
  });
});

describe('the stand-in’s webhooks', () => {
  it('signs a webhook with the webhook secret over the exact body it gives', async () => {
    const { client, standIn } = await setUp();
    const order = await client.createOrder({ amountPaise: 20_000, receipt: 'webhook' });
    const { razorpay_payment_id: paymentId } = standIn.pay(order.id);
    const payment = standIn.payments.get(paymentId);
    if (!payment) throw new Error('No payment');

    const webhook = standIn.webhook('order.paid', { payment });
    expect(
      isValidWebhookSignature(
        webhook.body,
        webhook.headers['x-razorpay-signature'],
        KEYS.webhookSecret,
      ),
    ).toBe(true);
    expect(webhook.headers['x-razorpay-event-id']).toMatch(/^[A-Za-z0-9]{14}$/);
    expect(JSON.parse(webhook.body)).toMatchObject({
      entity: 'event',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: {
        payment: { entity: { id: paymentId, status: 'captured', notes: [] } },
        order: { entity: { id: order.id, status: 'paid' } },
      },
    });
  });

  it('delivers signed webhooks to the shop’s URL as payments and refunds happen', async () => {
    const received: Array<{ event: string; signed: boolean; eventId: unknown }> = [];
    const shop = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        received.push({
          event: (JSON.parse(body.toString()) as { event: string }).event,
          signed: isValidWebhookSignature(
            body,
            request.headers['x-razorpay-signature'] as string | undefined,
            KEYS.webhookSecret,
          ),
          eventId: request.headers['x-razorpay-event-id'],
        });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = shop.address() as AddressInfo;
      const { client, standIn } = await setUp({ webhookUrl: `http://127.0.0.1:${port}/webhook` });
      const order = await client.createOrder({ amountPaise: 20_000, receipt: 'delivered' });
      standIn.pay(order.id, { fail: true });
      const { razorpay_payment_id: paymentId } = standIn.pay(order.id);
      await client.refundPayment(paymentId, { amountPaise: 5_000, receipt: 'delivered-refund' });
      await standIn.deliveriesSettled();

      expect(received.map(({ event, signed }) => [event, signed])).toEqual([
        ['payment.failed', true],
        ['payment.captured', true],
        ['order.paid', true],
        ['refund.processed', true],
      ]);
      expect(new Set(received.map(({ eventId }) => eventId)).size).toBe(4);
      expect(standIn.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    } finally {
      await new Promise((resolve) => shop.close(resolve));
    }
  });
});

describe('the stand-in as a process', () => {
  it('serves Checkout and the API on its port, prints nothing, and stops on SIGTERM', async () => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const { port } = free.address() as AddressInfo;
    await new Promise((resolve) => free.close(resolve));

    const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/razorpay-stand-in.ts'], {
      cwd: fileURLToPath(new URL('../../../../', import.meta.url)),
      env: {
        ...process.env,
        RAZORPAY_STAND_IN_PORT: String(port),
        RAZORPAY_KEY_ID: KEYS.keyId,
        RAZORPAY_KEY_SECRET: KEYS.keySecret,
        RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = once(child, 'exit');
    try {
      const base = `http://127.0.0.1:${port}`;
      const ready = Date.now() + 20_000;
      for (;;) {
        const status = await fetch(`${base}/v1/checkout.js`).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 200) break;
        if (Date.now() > ready || child.exitCode !== null) throw new Error(`Not ready: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const client = createRazorpayClient({ ...KEYS, apiUrl: base });
      const order = await client.createOrder({ amountPaise: 10_000, receipt: 'process' });
      expect(order.status).toBe('created');
    } finally {
      child.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
    }
    expect(output).toBe('');
  });
});
