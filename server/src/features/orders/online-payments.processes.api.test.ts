/**
 * Issue 25 under real shop processes on one PostgreSQL database: the same
 * webhook to both at once, the browser's verify racing the webhook, two
 * sweeps at once: each order paid once; each refund sent once (counted at
 * the Razorpay stand-in).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Order, OrderSchema } from '#contract';
import { loadConfig } from '#server/config/env.ts';
import { createPaymentsService } from '#server/features/payments/payments.service.ts';
import { createRazorpayClient } from '#server/features/payments/razorpay.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { expectResult } from '#server-test/http.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import {
  databaseUrlOf,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from '#server-test/processes.ts';
import { type RazorpayStandIn, startRazorpayStandIn } from '#server-test/razorpay-stand-in.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { createOnlinePaymentsFor } from './payment-sweep.ts';

const KEYS = {
  keyId: 'rzp_test_Processes0001',
  keySecret: 'processes-key-secret',
  webhookSecret: 'processes-webhook-secret',
};

describe.skipIf(inject('testDatabase').kind !== 'postgres')(
  'online payments on two processes',
  () => {
    let standIn: RazorpayStandIn;
    let t: TestApp;
    let env: Record<string, string>;
    const processes: ShopProcess[] = [];
    beforeAll(async () => {
      standIn = await startRazorpayStandIn(KEYS);
      env = {
        RAZORPAY_KEY_ID: KEYS.keyId,
        RAZORPAY_KEY_SECRET: KEYS.keySecret,
        RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
        RAZORPAY_API_URL: standIn.url,
        RAZORPAY_CHECKOUT_URL: standIn.checkoutUrl,
      };
      t = await createTestApp({ env });
      processes.push(...(await startShopProcesses(2, await databaseUrlOf(t.db), env)));
    }, 120_000);
    afterAll(async () => {
      await stopShopProcesses(processes);
      await t?.close();
      await standIn?.close();
    });

    async function placeOnlineOrder(): Promise<{ user: SignedUp; order: Order }> {
      const user = await signUp(t.app);
      const productId = await createProduct(t.db, { price: 499, stock: { M: 5 } });
      await addAddress(t.app, user);
      await addLine(t.app, user, productId, 'M', 1);
      const order = await expectResult(
        t.app,
        checkoutRequest(user, { paymentMethod: 'online' }),
        OrderSchema,
        201,
      );
      return { user, order };
    }

    const razorpayOrderOf = (order: Order) => order.payment?.orderId ?? '';

    const orderNow = (user: SignedUp, order: Order) =>
      expectResult(t.app, { url: `/api/v1/order/${order._id}`, headers: user.auth }, OrderSchema);

    const paidOnce = async (user: SignedUp, order: Order) => {
      const after = await orderNow(user, order);
      expect(after.status).toBe('pending');
      expect(after.events.filter((event) => event.type === 'paid')).toHaveLength(1);
      const mails = await findMessagesTo(t.db, user.email);
      expect(mails.filter((mail) => mail.kind === 'order-placed')).toHaveLength(1);
    };

    const post = (
      process: ShopProcess,
      path: string,
      body: string,
      headers: Record<string, string>,
    ) => fetch(`${process.base}/api/v1${path}`, { method: 'POST', headers, body });

    const processAt = (index: number) => {
      const process = processes[index];
      if (!process) throw new Error('Two processes are started');
      return process;
    };
    const first = () => processAt(0);
    const second = () => processAt(1);

    it('pays once when the same webhook reaches both processes at once', async () => {
      const { user, order } = await placeOnlineOrder();
      standIn.pay(razorpayOrderOf(order));
      const payment = [...standIn.payments.values()].find(
        (made) => made.order_id === razorpayOrderOf(order),
      );
      const webhook = standIn.webhook('payment.captured', { payment });
      const answers = await Promise.all(
        [first(), second()].map((process) =>
          post(process, '/payments/razorpay/webhook', webhook.body, webhook.headers),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      await paidOnce(user, order);
    });

    it('pays once when the browser’s verify races the webhook', async () => {
      const { user, order } = await placeOnlineOrder();
      const answer = standIn.pay(razorpayOrderOf(order));
      const payment = standIn.payments.get(answer.razorpay_payment_id);
      const webhook = standIn.webhook('payment.captured', { payment });
      const [verify, hook] = await Promise.all([
        post(first(), `/order/${order._id}/payment`, JSON.stringify(answer), {
          ...user.auth,
          'content-type': 'application/json',
        }),
        post(second(), '/payments/razorpay/webhook', webhook.body, webhook.headers),
      ]);
      expect([verify.status, hook.status]).toEqual([200, 200]);
      await paidOnce(user, order);
    });

    it('settles each order once when two sweeps run at once, and sends each refund once', async () => {
      const placed = await Promise.all([
        placeOnlineOrder(),
        placeOnlineOrder(),
        placeOnlineOrder(),
      ]);
      const [paid, unpaid, refunded] = placed;
      if (!paid || !unpaid || !refunded) throw new Error('three orders');
      standIn.pay(razorpayOrderOf(paid.order));
      // Paid and reported before the sweeps: they leave it alone.
      const refundedAnswer = standIn.pay(razorpayOrderOf(refunded.order));
      await expectResult(
        t.app,
        {
          method: 'POST',
          url: `/api/v1/order/${refunded.order._id}/payment`,
          headers: refunded.user.auth,
          payload: refundedAnswer,
        },
        OrderSchema,
      );
      const config = loadConfig({ NODE_ENV: 'test', ...env });
      const later = new Date(Date.now() + 31 * 60_000);
      const sweeps = [0, 1].map(() => createOnlinePaymentsFor(t.db, config, () => later));
      await Promise.all(sweeps.map((sweep) => sweep?.sweepUnpaidOrders()));
      await paidOnce(paid.user, paid.order);
      const cancelled = await orderNow(unpaid.user, unpaid.order);
      expect(cancelled.events.filter((event) => event.type === 'cancelled')).toHaveLength(1);

      // Cancelled while Razorpay fails: its refund waits, then two senders race.
      standIn.failNext(/\/refund$/, 'error');
      await expectResult(
        t.app,
        {
          method: 'POST',
          url: `/api/v1/order/${refunded.order._id}/cancel`,
          headers: refunded.user.auth,
        },
        OrderSchema,
      );
      const senders = [0, 1].map(() =>
        createPaymentsService(
          t.db,
          undefined,
          undefined,
          createRazorpayClient({ ...KEYS, apiUrl: standIn.url }),
        ),
      );
      await Promise.all(senders.map((sender) => sender.sendRefunds(refunded.order._id)));
      await senders[0]?.sendRefunds(refunded.order._id);
      const refunds = [...standIn.refunds.values()].filter(
        (refund) => refund.payment_id === refundedAnswer.razorpay_payment_id,
      );
      expect(refunds).toHaveLength(1);
    });
  },
);
