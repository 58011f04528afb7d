import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSchema } from '#contract';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { recordingGateway } from '#server-test/gateway.ts';
import { expectResult } from '#server-test/http.ts';
import { signUp } from '#server-test/users.ts';
import type { PaymentProvider, TestGateway } from './payment-provider.ts';
import { createPaymentsService } from './payments.service.ts';
import { createRefundSweep } from './refund-sweep.ts';

/** Decision 021: refunds left pending (the process died after its commit) are sent by a sweep. */

let gateway: TestGateway;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ paymentProvider: (db) => (gateway = recordingGateway(db)) });
});
afterAll(() => t.close());

/** The gateway, counting every refund call it is sent (its idempotency would hide a second). */
function countingGateway() {
  const calls: string[] = [];
  const provider: PaymentProvider = {
    ...gateway,
    refund: (payment, amountPaise, key) => {
      calls.push(key);
      return gateway.refund(payment, amountPaise, key);
    },
  };
  return { calls, provider };
}

/** A card order with a refund decided and committed, whose sender died before sending it. */
async function orderWithPendingRefund(amountPaise: number) {
  const user = await signUp(t.app);
  const productId = await createProduct(t.db, { price: 499, stock: { M: 5 } });
  await addAddress(t.app, user);
  await addLine(t.app, user, productId, 'M', 1);
  const order = await expectResult(
    t.app,
    checkoutRequest(user, {
      paymentMethod: 'debit-card',
      card: { name: 'Asha', number: '4242424242424242', expMonth: 12, expYear: 2099, cvv: '123' },
    }),
    OrderSchema,
    201,
  );
  const payments = createPaymentsService(t.db, gateway);
  const refund = await t.db.transaction((tx) =>
    payments.refundOrder(tx, { id: order._id }, amountPaise, 'Returned'),
  );
  return { user, order, refund };
}

const orderRefunds = async (user: { auth: Record<string, string> }, id: string) =>
  (await expectResult(t.app, { url: `/api/v1/order/${id}`, headers: user.auth }, OrderSchema))
    .refunds;

describe('the pending-refund sweep', () => {
  it('sends a refund left pending once it is older than the grace period, exactly once', async () => {
    const { user, order, refund } = await orderWithPendingRefund(10_000);
    const { calls, provider } = countingGateway();
    const payments = createPaymentsService(t.db, provider);

    // Too young: whoever wrote it may still be sending it.
    expect(await payments.sweepPendingRefunds({ graceMs: 60_000 })).toBe(0);
    expect(calls).not.toContain(refund.id);
    expect(await orderRefunds(user, order._id)).toMatchObject([{ status: 'pending' }]);

    // Two processes sweeping at once: one claims it, the other skips it.
    const other = createPaymentsService(t.db, provider);
    await Promise.all([
      payments.sweepPendingRefunds({ graceMs: 0 }),
      other.sweepPendingRefunds({ graceMs: 0 }),
    ]);
    expect(calls.filter((key) => key === refund.id)).toHaveLength(1);
    expect(await orderRefunds(user, order._id)).toMatchObject([
      { amount: 100, status: 'refunded', refundedAt: expect.any(String) },
    ]);
    await payments.sweepPendingRefunds({ graceMs: 0 });
    expect(calls.filter((key) => key === refund.id)).toHaveLength(1);
  });

  it('leaves a refund the provider refuses pending, for the next round', async () => {
    const { user, order, refund } = await orderWithPendingRefund(5_000);
    const failing = createPaymentsService(t.db, {
      ...gateway,
      refund: () => Promise.reject(new Error('gateway unreachable')),
    });
    await failing.sweepPendingRefunds({ graceMs: 0 });
    expect(await orderRefunds(user, order._id)).toMatchObject([{ status: 'pending' }]);
    const { calls, provider } = countingGateway();
    await createPaymentsService(t.db, provider).sweepPendingRefunds({ graceMs: 0 });
    expect(calls).toContain(refund.id);
    expect(await orderRefunds(user, order._id)).toMatchObject([{ status: 'refunded' }]);
  });

  it('runs on a timer in the server process and stops cleanly', async () => {
    const { user, order } = await orderWithPendingRefund(2_500);
    const sweep = createRefundSweep(createPaymentsService(t.db, gateway), {
      intervalMs: 10,
      graceMs: 0,
    });
    sweep.start();
    await expect
      .poll(async () => (await orderRefunds(user, order._id))[0]?.status, { timeout: 5_000 })
      .toBe('refunded');
    await sweep.stop();
  });
});
