import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminDashboardSchema,
  CARD_REFUSED_WITH_RAZORPAY_MESSAGE,
  ONLINE_PAYMENTS_OFF_MESSAGE,
  type Order,
  OrderSchema,
  PAID_AFTER_CANCEL_MESSAGE,
  PaymentOptionsSchema,
  WRONG_PAYMENT_SIGNATURE_MESSAGE,
} from '#contract';
import { rupeesToPaise } from '#server/lib/money.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { checkoutRequest, stockOf } from '#server-test/checkout-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import {
  minutesFromNow,
  onlinePaymentsAt,
  orderNow,
  payRequest,
  placeOnlineOrder,
  postWebhook as postWebhookTo,
  type RazorpayShop,
  razorpayOrderOf,
  startRazorpayShop,
} from '#server-test/razorpay-fixtures.ts';
import type { RazorpayStandIn } from '#server-test/razorpay-stand-in.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { PAID_AFTER_CANCEL_NOTE } from './online-payments.ts';

/** Issue 25: paying online through Razorpay, against the stand-in. */

let shop: RazorpayShop;
let standIn: RazorpayStandIn;
let t: TestApp;
beforeAll(async () => {
  shop = await startRazorpayShop('OnlineFlow0001');
  ({ standIn, t } = shop);
});
afterAll(() => shop?.close());

const sweepAt = (now: Date) => onlinePaymentsAt(t.database, shop.env, now).sweepUnpaidOrders();

/** A new shopper's order of 2 × ₹499 (less the shop's discounts) to pay online, and its product. */
const place = (key?: string) => placeOnlineOrder(t, { quantity: 2, ...(key && { key }) });

const kindsTo = async (user: SignedUp) =>
  (await findMessagesTo(t.db, user.email)).map((message) => message.kind);

const postWebhook = (webhook: { body: string; headers: Record<string, string> }) =>
  postWebhookTo(t, webhook);

describe('checkout with paymentMethod online', () => {
  it('says Razorpay is configured, with its script and public key id only', async () => {
    const options = await expectResult(t.app, '/api/v1/payment/options', PaymentOptionsSchema);
    expect(options).toEqual({
      online: { provider: 'razorpay', keyId: shop.keys.keyId, checkoutUrl: standIn.checkoutUrl },
    });
  });

  it('places the order awaiting payment with one Razorpay order for its total, and no confirmation yet', async () => {
    const { user, order, productId } = await place();
    expect(order.status).toBe('awaiting-payment');
    expect(order.paymentMethod).toBe('online');
    expect(order.payment).toEqual({
      provider: 'razorpay',
      keyId: shop.keys.keyId,
      orderId: expect.stringMatching(/^order_/),
      amount: rupeesToPaise(order.totalPrice),
      currency: 'INR',
      paymentId: null,
      method: null,
    });
    expect(standIn.orders.get(razorpayOrderOf(order))).toMatchObject({
      amount: rupeesToPaise(order.totalPrice),
      currency: 'INR',
      receipt: order._id,
    });
    expect(await stockOf(t.db, productId, 'M')).toBe(3);
    expect(await kindsTo(user)).not.toContain('order-placed');
  });

  it('makes no second Razorpay order for a retried checkout (same Idempotency-Key)', async () => {
    const { user, order } = await place('online-retry-1');
    const again = await expectResult(
      t.app,
      checkoutRequest(user, { paymentMethod: 'online' }, 'online-retry-1'),
      OrderSchema,
      201,
    );
    expect(again.payment?.orderId).toBe(order.payment?.orderId);
    const made = [...standIn.orders.values()].filter((made) => made.receipt === order._id);
    expect(made).toHaveLength(1);
  });

  it('refuses any card number, and the debit-card path, when Razorpay is configured', async () => {
    const user = await signUp(t.app);
    const card = {
      name: 'Asha',
      number: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 1,
      cvv: '737',
    };
    for (const body of [
      { paymentMethod: 'debit-card', card },
      { paymentMethod: 'online', card },
    ]) {
      const failure = await expectFailure(t.app, checkoutRequest(user, body), 400);
      expect(failure.message).toBe(CARD_REFUSED_WITH_RAZORPAY_MESSAGE);
    }
  });
});

describe('POST /order/{id}/payment', () => {
  it('marks the order paid by UPI, with the payment id, and sends the confirmation then', async () => {
    const { user, order } = await place();
    const answer = standIn.pay(razorpayOrderOf(order), { method: 'upi' });
    const paid = await expectResult(t.app, payRequest(user, order, answer), OrderSchema);
    expect(paid.status).toBe('pending');
    expect(paid.payment).toMatchObject({ paymentId: answer.razorpay_payment_id, method: 'upi' });
    expect(paid.events.map((event) => event.type)).toEqual(['placed', 'paid']);
    expect(await kindsTo(user)).toEqual(['welcome', 'order-placed']);

    // Already paid: the same answer again is 200 with the order, nothing more.
    const again = await expectResult(t.app, payRequest(user, order, answer), OrderSchema);
    expect(again.status).toBe('pending');
    expect(again.events).toHaveLength(2);
    expect(await kindsTo(user)).toEqual(['welcome', 'order-placed']);
  });

  it('refuses a wrong signature with 400 and leaves the order awaiting payment', async () => {
    const { user, order } = await place();
    const answer = standIn.pay(razorpayOrderOf(order));
    const failure = await expectFailure(
      t.app,
      payRequest(user, order, { ...answer, razorpay_signature: '0'.repeat(64) }),
      400,
    );
    expect(failure.message).toBe(WRONG_PAYMENT_SIGNATURE_MESSAGE);
    // Signed for another Razorpay order: not ours, refused the same way.
    const other = await place();
    const theirs = standIn.pay(razorpayOrderOf(other.order));
    await expectFailure(t.app, payRequest(user, order, theirs), 400);
    const after = await orderNow(t, user, order);
    expect(after.status).toBe('awaiting-payment');
  });

  it('pays after a failed attempt, on the same Razorpay order', async () => {
    const { user, order } = await place();
    const failed = standIn.pay(razorpayOrderOf(order), { fail: true });
    await postWebhook(
      standIn.webhook('payment.failed', {
        payment: standIn.payments.get(failed.error.metadata.payment_id),
      }),
    );
    const answer = standIn.pay(razorpayOrderOf(order), { method: 'card' });
    const paid = await expectResult(t.app, payRequest(user, order, answer), OrderSchema);
    expect(paid.status).toBe('pending');
    expect(paid.payment?.method).toBe('card');
    expect(paid.events.map((event) => event.type)).toEqual(['placed', 'payment-failed', 'paid']);
  });
});

describe('the dashboard', () => {
  it('counts an online order in revenue once it is paid, not while it awaits payment', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const dashboard = () =>
      expectResult(
        t.app,
        { url: '/api/v1/admin/dashboard', headers: admin.auth },
        AdminDashboardSchema,
      );
    const before = await dashboard();
    const { user, order } = await place();
    const awaiting = await dashboard();
    expect(awaiting.revenue.today).toBeCloseTo(before.revenue.today, 2);
    expect(awaiting.ordersByStatus['awaiting-payment']).toBe(
      before.ordersByStatus['awaiting-payment'] + 1,
    );
    await expectResult(
      t.app,
      payRequest(user, order, standIn.pay(razorpayOrderOf(order))),
      OrderSchema,
    );
    const paid = await dashboard();
    expect(paid.revenue.today).toBeCloseTo(before.revenue.today + order.totalPrice, 2);
  });
});

describe('the Razorpay webhook', () => {
  it('answers 400 to a wrong or missing signature, and changes nothing', async () => {
    const { user, order } = await place();
    standIn.pay(razorpayOrderOf(order));
    const [payment] = [...standIn.payments.values()].filter(
      (made) => made.order_id === razorpayOrderOf(order),
    );
    const webhook = standIn.webhook('payment.captured', { payment });
    const wrong = await postWebhook({
      ...webhook,
      headers: { ...webhook.headers, 'x-razorpay-signature': 'f'.repeat(64) },
    });
    expect(wrong.status).toBe(400);
    const { 'x-razorpay-signature': _signature, ...unsigned } = webhook.headers;
    expect((await postWebhook({ ...webhook, headers: unsigned })).status).toBe(400);
    const after = await orderNow(t, user, order);
    expect(after.status).toBe('awaiting-payment');
  });

  it('marks paid on payment.captured, once however often the event comes', async () => {
    const { user, order } = await place();
    standIn.pay(razorpayOrderOf(order), { method: 'netbanking' });
    const [payment] = [...standIn.payments.values()].filter(
      (made) => made.order_id === razorpayOrderOf(order),
    );
    const webhook = standIn.webhook('payment.captured', { payment });
    expect((await postWebhook(webhook)).status).toBe(200);
    expect((await postWebhook(webhook)).status).toBe(200);
    // order.paid after it (another event id): nothing more either.
    expect((await postWebhook(standIn.webhook('order.paid', { payment }))).status).toBe(200);
    const after = await orderNow(t, user, order);
    expect(after.status).toBe('pending');
    expect(after.payment?.method).toBe('netbanking');
    expect(after.events.map((event) => event.type)).toEqual(['placed', 'paid']);
    expect(await kindsTo(user)).toEqual(['welcome', 'order-placed']);
  });
});

describe('the sweep of unpaid orders', () => {
  it('reminds once after 10 minutes, then cancels an unpaid order after the window and returns its stock', async () => {
    const { user, order, productId } = await place();
    await sweepAt(minutesFromNow(11));
    await sweepAt(minutesFromNow(12));
    expect((await kindsTo(user)).filter((kind) => kind === 'payment-reminder')).toHaveLength(1);

    await sweepAt(minutesFromNow(31));
    const after = await orderNow(t, user, order);
    expect(after.status).toBe('cancelled');
    expect(after.refunds).toEqual([]);
    expect(await stockOf(t.db, productId, 'M')).toBe(5);
  });

  it('marks paid an order whose payment Razorpay captured but nobody reported', async () => {
    const { user, order } = await place();
    standIn.pay(razorpayOrderOf(order), { method: 'wallet' });
    await sweepAt(minutesFromNow(31));
    const after = await orderNow(t, user, order);
    expect(after.status).toBe('pending');
    expect(after.payment?.method).toBe('wallet');
    expect(await kindsTo(user)).toContain('order-placed');
  });
});

describe('manual capture: payments left authorized (issue 25)', () => {
  let manual: RazorpayShop;
  beforeAll(async () => {
    manual = await startRazorpayShop('ManualCapture01', { captureMode: 'manual' });
  });
  afterAll(() => manual?.close());

  const paymentOf = (answer: { razorpay_payment_id: string }) =>
    manual.standIn.payments.get(answer.razorpay_payment_id);

  it('POST /order/{id}/payment captures an authorized payment for the order’s exact amount and marks it paid', async () => {
    const { user, order } = await placeOnlineOrder(manual.t);
    const answer = manual.standIn.pay(razorpayOrderOf(order));
    expect(paymentOf(answer)?.status).toBe('authorized');
    const paid = await expectResult(manual.t.app, payRequest(user, order, answer), OrderSchema);
    expect(paid.status).toBe('pending');
    expect(paymentOf(answer)).toMatchObject({
      status: 'captured',
      amount: rupeesToPaise(order.totalPrice),
    });
  });

  it('the payment.authorized webhook captures it and marks the order paid, once', async () => {
    const { user, order } = await placeOnlineOrder(manual.t);
    const answer = manual.standIn.pay(razorpayOrderOf(order));
    const webhook = manual.standIn.webhook('payment.authorized', { payment: paymentOf(answer) });
    expect((await postWebhookTo(manual.t, webhook)).status).toBe(200);
    expect((await postWebhookTo(manual.t, webhook)).status).toBe(200);
    expect(paymentOf(answer)?.status).toBe('captured');
    // The payment.captured that the capture makes Razorpay send changes nothing more.
    const captured = manual.standIn.webhook('payment.captured', { payment: paymentOf(answer) });
    expect((await postWebhookTo(manual.t, captured)).status).toBe(200);
    const after = await orderNow(manual.t, user, order);
    expect(after.status).toBe('pending');
    expect(after.events.map((event) => event.type)).toEqual(['placed', 'paid']);
  });

  it('the sweep captures an authorized payment nobody reported and marks the order paid', async () => {
    const { user, order } = await placeOnlineOrder(manual.t);
    const answer = manual.standIn.pay(razorpayOrderOf(order));
    await onlinePaymentsAt(manual.t.database, manual.env, minutesFromNow(31)).sweepUnpaidOrders();
    expect(paymentOf(answer)?.status).toBe('captured');
    expect((await orderNow(manual.t, user, order)).status).toBe('pending');
  });

  it('never captures nor takes as paid a payment of another amount: not the browser’s (402), the webhook’s nor the sweep’s', async () => {
    const { user, order } = await placeOnlineOrder(manual.t);
    const answer = manual.standIn.pay(razorpayOrderOf(order), {
      amount: rupeesToPaise(order.totalPrice) - 100,
    });
    await expectFailure(manual.t.app, payRequest(user, order, answer), 402);
    for (const event of ['payment.authorized', 'payment.captured'] as const) {
      const webhook = manual.standIn.webhook(event, { payment: paymentOf(answer) });
      expect((await postWebhookTo(manual.t, webhook)).status).toBe(200);
    }
    expect(paymentOf(answer)?.status).toBe('authorized');
    expect((await orderNow(manual.t, user, order)).status).toBe('awaiting-payment');

    await onlinePaymentsAt(manual.t.database, manual.env, minutesFromNow(31)).sweepUnpaidOrders();
    expect(paymentOf(answer)?.status).toBe('authorized');
    const after = await orderNow(manual.t, user, order);
    expect(after.status).toBe('cancelled');
    expect(after.payment?.paymentId).toBeNull();
  });
});

describe('a payment captured after the sweep cancelled the order (issue 25)', () => {
  /** An order the sweep cancelled unpaid, then paid in Checkout at minute 31. */
  async function paidAfterCancel() {
    const placed = await place();
    await sweepAt(minutesFromNow(31));
    expect((await orderNow(t, placed.user, placed.order)).status).toBe('cancelled');
    const answer = standIn.pay(razorpayOrderOf(placed.order), { method: 'upi' });
    return { ...placed, answer };
  }

  const refundsOf = (answer: { razorpay_payment_id: string }) =>
    [...standIn.refunds.values()].filter(
      (refund) => refund.payment_id === answer.razorpay_payment_id,
    );

  /** Refunded through Razorpay once, in full, on the timeline, and the shopper told. */
  async function expectRefundedOnce(
    user: SignedUp,
    order: Order,
    answer: { razorpay_payment_id: string },
  ) {
    const made = refundsOf(answer);
    expect(made).toHaveLength(1);
    const after = await orderNow(t, user, order);
    expect(after.status).toBe('cancelled');
    expect(after.payment?.paymentId).toBe(answer.razorpay_payment_id);
    expect(after.refunds).toMatchObject([
      { amount: order.totalPrice, status: 'refunded', reference: made[0]?.id },
    ]);
    expect(made[0]).toMatchObject({
      amount: rupeesToPaise(order.totalPrice),
      receipt: expect.any(String),
    });
    expect(after.events.map((event) => event.type)).toEqual(['placed', 'cancelled', 'paid']);
    expect(after.events.at(-1)?.note).toBe(PAID_AFTER_CANCEL_NOTE);
    const cancelMails = (await findMessagesTo(t.db, user.email)).filter(
      (mail) => mail.kind === 'order-cancelled',
    );
    expect(cancelMails).toHaveLength(2);
    expect(cancelMails.at(-1)?.text).toContain('arrived after the order was cancelled');
  }

  it('is refunded once when Checkout’s answer is posted (409 saying so, also when posted again)', async () => {
    const { user, order, answer } = await paidAfterCancel();
    for (let attempt = 0; attempt < 2; attempt++) {
      const failure = await expectFailure(t.app, payRequest(user, order, answer), 409);
      expect(failure.message).toBe(PAID_AFTER_CANCEL_MESSAGE);
    }
    await expectRefundedOnce(user, order, answer);
  });

  it('is refunded once when the webhooks report it, however often', async () => {
    const { user, order, answer } = await paidAfterCancel();
    const payment = standIn.payments.get(answer.razorpay_payment_id);
    const captured = standIn.webhook('payment.captured', { payment });
    expect((await postWebhook(captured)).status).toBe(200);
    expect((await postWebhook(captured)).status).toBe(200);
    expect((await postWebhook(standIn.webhook('order.paid', { payment }))).status).toBe(200);
    await sweepAt(minutesFromNow(33));
    await expectRefundedOnce(user, order, answer);
  });

  it('is refunded once by a later sweep when nobody reported it', async () => {
    const { user, order, answer } = await paidAfterCancel();
    await sweepAt(minutesFromNow(33));
    await sweepAt(minutesFromNow(34));
    await expectRefundedOnce(user, order, answer);
  });
});

describe('refunds of online orders', () => {
  it('refunds a cancelled paid order through Razorpay once, with its refund id, even when the answer was lost', async () => {
    const { user, order } = await place();
    const answer = standIn.pay(razorpayOrderOf(order));
    await expectResult(t.app, payRequest(user, order, answer), OrderSchema);
    // The refund is made, but its answer never arrives: left pending, then found by its receipt.
    standIn.failNext(/\/refund$/, 'lost');
    const cancelled = await expectResult(
      t.app,
      { method: 'POST', url: `/api/v1/order/${order._id}/cancel`, headers: user.auth },
      OrderSchema,
    );
    expect(cancelled.refunds).toMatchObject([
      { amount: order.totalPrice, status: 'pending', reference: null },
    ]);
    await call(t.app, { url: `/api/v1/order/${order._id}`, headers: user.auth });
    const refundsOf = () =>
      [...standIn.refunds.values()].filter(
        (refund) => refund.payment_id === answer.razorpay_payment_id,
      );
    expect(refundsOf()).toHaveLength(1);

    // Another process's sends (the refund sweep's, a retry): the receipt is looked for first.
    const payments = shop.otherPayments();
    await payments.sendRefunds({ orderId: order._id });
    await payments.sendRefunds({ orderId: order._id });
    expect(refundsOf()).toHaveLength(1);
    const [made] = refundsOf();
    const after = await orderNow(t, user, order);
    expect(after.refunds).toMatchObject([
      { amount: order.totalPrice, status: 'refunded', reference: made?.id, method: 'online' },
    ]);
  });
});

describe('refund webhooks: refund.processed and refund.failed settle refunds (issue 25)', () => {
  let slow: RazorpayShop;
  beforeAll(async () => {
    slow = await startRazorpayShop('SlowRefunds001', { refundStatus: 'pending' });
  });
  afterAll(() => slow?.close());

  /** A paid online order the shopper cancelled: its refund sent, pending at Razorpay. */
  async function cancelledPaidOrder() {
    const { user, order } = await placeOnlineOrder(slow.t);
    const answer = slow.standIn.pay(razorpayOrderOf(order));
    await expectResult(slow.t.app, payRequest(user, order, answer), OrderSchema);
    await expectResult(
      slow.t.app,
      { method: 'POST', url: `/api/v1/order/${order._id}/cancel`, headers: user.auth },
      OrderSchema,
    );
    const refundsAtRazorpay = () =>
      [...slow.standIn.refunds.values()].filter(
        (refund) => refund.payment_id === answer.razorpay_payment_id,
      );
    const [sent] = refundsAtRazorpay();
    if (!sent) throw new Error('The cancel sent its refund');
    return { user, order, sent, refundsAtRazorpay };
  }

  /** Razorpay settles `refundId` and sends its webhook, delivered `times` times. */
  async function settle(refundId: string, status: 'processed' | 'failed', times = 1) {
    const refund = slow.standIn.settleRefund(refundId, status);
    const webhook = slow.standIn.webhook(`refund.${status}`, { refund });
    for (let time = 0; time < times; time++) {
      expect((await postWebhookTo(slow.t, webhook)).status).toBe(200);
    }
    return webhook;
  }

  const mailsTo = async (user: SignedUp, kind: string) =>
    (await findMessagesTo(slow.t.db, user.email)).filter((mail) => mail.kind === kind);

  it('refund.processed marks it refunded with Razorpay’s refund id and emails the shopper once, however often it comes', async () => {
    const { user, order, sent } = await cancelledPaidOrder();
    expect((await orderNow(slow.t, user, order)).refunds).toMatchObject([
      { status: 'pending', reference: sent.id },
    ]);
    await settle(sent.id, 'processed', 2);
    const after = await orderNow(slow.t, user, order);
    expect(after.refunds).toMatchObject([
      { amount: order.totalPrice, status: 'refunded', reference: sent.id },
    ]);
    const mails = await mailsTo(user, 'refund-processed');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(sent.id);
  });

  it('refund.failed leaves it failed with Razorpay’s id, emails the shopper and sends it again once; a second failure stays failed', async () => {
    const { user, order, sent, refundsAtRazorpay } = await cancelledPaidOrder();
    await settle(sent.id, 'failed', 2);
    const [, retry] = refundsAtRazorpay();
    expect(refundsAtRazorpay()).toHaveLength(2);
    expect(retry).toMatchObject({ amount: sent.amount, status: 'pending' });
    expect((await orderNow(slow.t, user, order)).refunds).toMatchObject([
      { amount: order.totalPrice, status: 'failed', reference: sent.id },
      { amount: order.totalPrice, status: 'pending', reference: retry?.id },
    ]);
    const failedMails = await mailsTo(user, 'refund-failed');
    expect(failedMails).toHaveLength(1);
    expect(failedMails[0]?.text).toContain(sent.id);
    expect(failedMails[0]?.text).toContain('sending it again');

    if (!retry) throw new Error('The refund was sent again');
    await settle(retry.id, 'failed');
    expect(refundsAtRazorpay()).toHaveLength(2);
    expect((await orderNow(slow.t, user, order)).refunds).toMatchObject([
      { status: 'failed', reference: sent.id },
      { status: 'failed', reference: retry.id },
    ]);
    const mails = await mailsTo(user, 'refund-failed');
    expect(mails).toHaveLength(2);
    expect(mails.at(-1)?.text).toContain('contact you');
  });

  it('an event out of order changes nothing: refund.failed after refund.processed, or refund.processed after refund.failed', async () => {
    const first = await cancelledPaidOrder();
    const processed = slow.standIn.settleRefund(first.sent.id, 'processed');
    const webhooks = [
      slow.standIn.webhook('refund.processed', { refund: processed }),
      slow.standIn.webhook('refund.failed', { refund: { ...processed, status: 'failed' } }),
    ];
    for (const webhook of webhooks) {
      expect((await postWebhookTo(slow.t, webhook)).status).toBe(200);
    }
    expect((await orderNow(slow.t, first.user, first.order)).refunds).toMatchObject([
      { status: 'refunded', reference: first.sent.id },
    ]);
    expect(first.refundsAtRazorpay()).toHaveLength(1);
    expect(await mailsTo(first.user, 'refund-failed')).toHaveLength(0);

    const second = await cancelledPaidOrder();
    const failed = slow.standIn.settleRefund(second.sent.id, 'failed');
    await postWebhookTo(slow.t, slow.standIn.webhook('refund.failed', { refund: failed }));
    const stale = slow.standIn.webhook('refund.processed', {
      refund: { ...failed, status: 'processed' },
    });
    expect((await postWebhookTo(slow.t, stale)).status).toBe(200);
    expect((await orderNow(slow.t, second.user, second.order)).refunds).toMatchObject([
      { status: 'failed', reference: second.sent.id },
      { status: 'pending' },
    ]);
    expect(second.refundsAtRazorpay()).toHaveLength(2);
    expect(await mailsTo(second.user, 'refund-processed')).toHaveLength(0);
  });
});

describe('without Razorpay keys', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('refuses online payment with a clear 400, and says payments are test payments', async () => {
    const user = await signUp(plain.app);
    const failure = await expectFailure(
      plain.app,
      checkoutRequest(user, { paymentMethod: 'online' }),
      400,
    );
    expect(failure.message).toBe(ONLINE_PAYMENTS_OFF_MESSAGE);
    const options = await expectResult(plain.app, '/api/v1/payment/options', PaymentOptionsSchema);
    expect(options).toEqual({ online: null });
    expect(
      (
        await call(plain.app, {
          method: 'POST',
          url: '/api/v1/payments/razorpay/webhook',
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        })
      ).status,
    ).toBe(404);
  });
});
