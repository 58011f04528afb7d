import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderSchema, type Order, OrderSchema } from '#contract';
import type { TestGateway } from '#server/features/payments/payment-provider.ts';
import { createPaymentsService } from '#server/features/payments/payments.service.ts';
import { paiseToRupees, rupeesToPaise } from '#server/lib/money.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkOut } from '#server-test/checkout-fixtures.ts';
import { recordingGateway } from '#server-test/gateway.ts';
import { expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

/** Issue 13, section 4: a cancel refunds what was paid; no refund ever exceeds the payment. */

let gateway: TestGateway;
let t: TestApp;
/** The same service the app runs, on the same database and gateway, for what returns will call. */
let payments: ReturnType<typeof createPaymentsService>;
beforeAll(async () => {
  t = await createTestApp({ paymentProvider: (db) => (gateway = recordingGateway(db)) });
  payments = createPaymentsService(t.db, gateway);
});
afterAll(() => t.close());

/** A new shopper's order of 2 × ₹499, paid as asked. */
async function placeOrder(
  paymentMethod: 'cash' | 'debit-card',
): Promise<{ user: SignedUp; order: Order }> {
  const user = await signUp(t.app);
  const productId = await createProduct(t.db, { price: 499, stock: { M: 5 } });
  await addAddress(t.app, user);
  await addLine(t.app, user, productId, 'M', 2);
  const order = await checkOut(t.app, user, paymentMethod);
  return { user, order };
}

const cancel = (user: SignedUp, id: string) =>
  expectResult(
    t.app,
    { method: 'POST', url: `/api/v1/order/${id}/cancel`, headers: user.auth },
    OrderSchema,
  );

const refundsAt = (authorizationId: string) =>
  gateway.refunds.filter((refund) => refund.authorizationId === authorizationId);

/** The gateway's latest approval: the order just placed (this file's tests run one at a time). */
const latestApproval = () => gateway.authorizations.at(-1)?.id ?? 'none';

describe('cancelling an order refunds what was paid', () => {
  it('refunds a card order in full, at the gateway and in the order answer', async () => {
    const { user, order } = await placeOrder('debit-card');
    const approval = latestApproval();
    expect(order.refunds).toEqual([]);

    const cancelled = await cancel(user, order._id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.refunds).toEqual([
      {
        amount: order.totalPrice,
        status: 'refunded',
        reference: expect.any(String),
        method: 'debit-card',
        card: { brand: 'Visa', last4: '4242' },
        createdAt: expect.any(String),
        refundedAt: expect.any(String),
      },
    ]);
    expect(refundsAt(approval).map((refund) => refund.amountPaise)).toEqual([
      rupeesToPaise(order.totalPrice),
    ]);
    const again = await expectResult(
      t.app,
      { url: `/api/v1/order/${order._id}`, headers: user.auth },
      OrderSchema,
    );
    expect(again.refunds).toEqual(cancelled.refunds);
  });

  it('refunds a card order the owner cancels', async () => {
    const { order } = await placeOrder('debit-card');
    const approval = latestApproval();
    const admin = await signUpAdmin(t.app, t.db);
    const cancelled = await expectResult(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/admin/orders/${order._id}/status`,
        headers: admin.auth,
        payload: { status: 'cancelled' },
      },
      AdminOrderSchema,
    );
    expect(cancelled.refunds).toMatchObject([{ amount: order.totalPrice, status: 'refunded' }]);
    expect(refundsAt(approval).map((refund) => refund.amountPaise)).toEqual([
      rupeesToPaise(order.totalPrice),
    ]);
  });

  it('refunds nothing for a cash order: nothing was paid before delivery', async () => {
    const { user, order } = await placeOrder('cash');
    const approval = latestApproval();
    const cancelled = await cancel(user, order._id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.refunds).toEqual([]);
    expect(refundsAt(approval)).toEqual([]);
  });
});

describe('refundOrder, as returns will call it', () => {
  const refund = (orderId: string, amountPaise: number) =>
    t.db.transaction((tx) => payments.refundOrder(tx, { id: orderId }, amountPaise, 'Returned'));

  it('takes partial refunds up to the payment and refuses one that would go beyond', async () => {
    const { user, order } = await placeOrder('debit-card');
    const left = rupeesToPaise(order.totalPrice) - 60_000;
    await refund(order._id, 60_000);
    await expect(refund(order._id, left + 1)).rejects.toMatchObject({
      status: 409,
      message: `At most ₹${paiseToRupees(left).toLocaleString('en-IN')} can still be refunded on this order`,
    });
    await refund(order._id, left);
    await expect(refund(order._id, 1)).rejects.toMatchObject({
      status: 409,
      message: 'Nothing is left to refund on this order',
    });
    await payments.sendRefunds({ orderId: order._id });
    const answer = await expectResult(
      t.app,
      { url: `/api/v1/order/${order._id}`, headers: user.auth },
      OrderSchema,
    );
    expect(answer.refunds.map((row) => [row.amount, row.status])).toEqual([
      [600, 'refunded'],
      [paiseToRupees(left), 'refunded'],
    ]);
    // Cancelling afterwards finds nothing left to give back.
    expect((await cancel(user, order._id)).refunds).toHaveLength(2);
  });

  it('lets parallel refunds through only up to the payment', async () => {
    const { order } = await placeOrder('debit-card');
    // Three of ₹300 fit in the payment, a fourth does not.
    expect(order.totalPrice).toBeGreaterThanOrEqual(900);
    expect(order.totalPrice).toBeLessThan(1200);
    const approval = latestApproval();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => refund(order._id, 30_000)),
    );
    const taken = results.filter((result) => result.status === 'fulfilled');
    expect(taken).toHaveLength(3);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ status: 409 });
    }
    await payments.sendRefunds({ orderId: order._id });
    expect(refundsAt(approval).reduce((sum, row) => sum + row.amountPaise, 0)).toBe(90_000);
  });

  it('refuses a refund of nothing, and any on an undelivered cash order', async () => {
    const { order: byCard } = await placeOrder('debit-card');
    await expect(refund(byCard._id, 0)).rejects.toMatchObject({ status: 400 });
    const { order: inCash } = await placeOrder('cash');
    await expect(refund(inCash._id, 100)).rejects.toMatchObject({
      status: 409,
      message: 'Nothing is left to refund on this order',
    });
  });

  it('keeps a refund the provider could not take pending, and sends it once later', async () => {
    const { user, order } = await placeOrder('debit-card');
    const approval = latestApproval();
    const unreachable = createPaymentsService(t.db, {
      ...gateway,
      refund: () => Promise.reject(new Error('gateway unreachable')),
    });
    await t.db.transaction((tx) =>
      unreachable.refundOrder(tx, { id: order._id }, 10_000, 'Returned'),
    );
    await unreachable.sendRefunds({ orderId: order._id });
    const pending = await expectResult(
      t.app,
      { url: `/api/v1/order/${order._id}`, headers: user.auth },
      OrderSchema,
    );
    expect(pending.refunds).toMatchObject([{ amount: 100, status: 'pending', refundedAt: null }]);
    expect(refundsAt(approval)).toEqual([]);
    await Promise.all([
      payments.sendRefunds({ orderId: order._id }),
      payments.sendRefunds({ orderId: order._id }),
    ]);
    expect(refundsAt(approval).map((row) => row.amountPaise)).toEqual([10_000]);
  });
});
