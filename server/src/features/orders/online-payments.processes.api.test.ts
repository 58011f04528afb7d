/**
 * Issue 25 under real shop processes on one PostgreSQL database: the same
 * webhook to both at once, the browser's verify racing the webhook, two
 * sweeps at once: each order paid once; each refund sent once (counted at
 * the Razorpay stand-in).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Order, OrderSchema } from '#contract';
import type { TestApp } from '#server-test/app.ts';
import { expectResult } from '#server-test/http.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import {
  databaseUrlOf,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from '#server-test/processes.ts';
import {
  minutesFromNow,
  onlinePaymentsAt,
  orderNow,
  placeOnlineOrder,
  type RazorpayShop,
  razorpayOrderOf,
  startRazorpayShop,
} from '#server-test/razorpay-fixtures.ts';
import type { RazorpayStandIn } from '#server-test/razorpay-stand-in.ts';
import type { SignedUp } from '#server-test/users.ts';

describe.skipIf(inject('testDatabase').kind !== 'postgres')(
  'online payments on two processes',
  () => {
    let shop: RazorpayShop;
    let standIn: RazorpayStandIn;
    let t: TestApp;
    const processes: ShopProcess[] = [];
    beforeAll(async () => {
      shop = await startRazorpayShop('Processes0001');
      ({ standIn, t } = shop);
      processes.push(...(await startShopProcesses(2, await databaseUrlOf(t.db), shop.env)));
    }, 120_000);
    afterAll(async () => {
      await stopShopProcesses(processes);
      await shop?.close();
    });

    const place = () => placeOnlineOrder(t);

    const paidOnce = async (user: SignedUp, order: Order) => {
      const after = await orderNow(t, user, order);
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
      const { user, order } = await place();
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
      const { user, order } = await place();
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
      const placed = await Promise.all([place(), place(), place()]);
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
      const later = minutesFromNow(31);
      const sweeps = [0, 1].map(() => onlinePaymentsAt(t.database, shop.env, later));
      await Promise.all(sweeps.map((sweep) => sweep.sweepUnpaidOrders()));
      await paidOnce(paid.user, paid.order);
      const cancelled = await orderNow(t, unpaid.user, unpaid.order);
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
      const senders = [0, 1].map(() => shop.otherPayments());
      await Promise.all(
        senders.map((sender) => sender.sendRefunds({ orderId: refunded.order._id })),
      );
      await senders[0]?.sendRefunds({ orderId: refunded.order._id });
      const refunds = [...standIn.refunds.values()].filter(
        (refund) => refund.payment_id === refundedAnswer.razorpay_payment_id,
      );
      expect(refunds).toHaveLength(1);
    });

    it('refunds once a payment captured after the sweep cancelled the order, reported everywhere at once', async () => {
      const { user, order } = await place();
      await onlinePaymentsAt(t.database, shop.env, minutesFromNow(31)).sweepUnpaidOrders();
      const answer = standIn.pay(razorpayOrderOf(order));
      const payment = standIn.payments.get(answer.razorpay_payment_id);
      const webhook = standIn.webhook('payment.captured', { payment });
      const later = minutesFromNow(33);
      const [hooks, verify] = await Promise.all([
        Promise.all(
          [first(), second()].map((process) =>
            post(process, '/payments/razorpay/webhook', webhook.body, webhook.headers),
          ),
        ),
        post(first(), `/order/${order._id}/payment`, JSON.stringify(answer), {
          ...user.auth,
          'content-type': 'application/json',
        }),
        Promise.all(
          [0, 1].map(() => onlinePaymentsAt(t.database, shop.env, later).sweepUnpaidOrders()),
        ),
      ]);
      expect([...hooks.map((hook) => hook.status), verify.status]).toEqual([200, 200, 409]);
      const refunds = [...standIn.refunds.values()].filter(
        (refund) => refund.payment_id === answer.razorpay_payment_id,
      );
      expect(refunds).toHaveLength(1);
      const after = await orderNow(t, user, order);
      expect(after.refunds).toMatchObject([{ status: 'refunded', reference: refunds[0]?.id }]);
      expect(after.events.filter((event) => event.type === 'paid')).toHaveLength(1);
    });
  },
);
