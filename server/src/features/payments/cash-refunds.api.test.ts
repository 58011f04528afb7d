import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_HOLDER_MESSAGE,
  ACCOUNT_NUMBER_MESSAGE,
  AdminOrderSchema,
  AdminReturnSchema,
  formatRupees,
  IFSC_MESSAGE,
  type Order,
  OrderSchema,
  REFUND_ACCOUNT_NOT_CASH,
  REFUND_ACCOUNT_NOT_DELIVERED,
  REFUND_ALREADY_PAID,
  REFUND_REFERENCE_MESSAGE,
  REFUND_TO_PAY_NOT_FOUND,
  RefundAccountSchema,
  RefundPaidSchema,
  RefundToPayPageSchema,
  ReturnRequestSchema,
  refundAlreadyPaid,
  refundPaidByHandNote,
  refundToPayByHandNote,
  UPI_ID_MESSAGE,
} from '#contract';
import { refunds } from '#server/db/schema/payments.ts';
import type { TestGateway } from '#server/features/payments/payment-provider.ts';
import { paiseToRupees, rupeesToPaise } from '#server/lib/money.ts';
import { deliverAs } from '#server-test/admin-fixtures.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkOut } from '#server-test/checkout-fixtures.ts';
import { createRecordingApp } from '#server-test/gateway.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { createPaymentsService } from './payments.service.ts';

/**
 * Issue 25, refunds for cash orders: there is no payment to refund into, so
 * the shopper gives a UPI ID or a bank account, the refund stays 'to pay'
 * (no provider is called), and the owner marks it paid with its reference.
 */

let gateway: TestGateway;
let t: TestApp;
beforeAll(async () => {
  ({ t, gateway } = await createRecordingApp());
});
afterAll(() => t.close());

/** A new shopper's order of one ₹499 tee, paid as asked, and delivered by a new admin unless `until` says pending. */
async function placeOrder(
  paymentMethod: 'cash' | 'debit-card' = 'cash',
  until: 'pending' | 'delivered' = 'delivered',
) {
  const user = await signUp(t.app);
  const admin = await signUpAdmin(t.app, t.db);
  const tee = await createProduct(t.db, { price: 499, stock: { M: 5 } });
  await addAddress(t.app, user);
  await addLine(t.app, user, tee, 'M', 1);
  const order = await checkOut(t.app, user, paymentMethod);
  if (until === 'delivered') await deliverAs(t.app, admin, order._id);
  return { user, admin, order };
}

/** The order's one line returned and received: its refund is decided. */
async function returnAndReceive(
  user: SignedUp,
  admin: SignedUp,
  order: { _id: string; items: { _id: string }[] },
) {
  const asked = await expectResult(
    t.app,
    {
      method: 'POST',
      url: `/api/v1/order/${order._id}/returns`,
      headers: user.auth,
      payload: {
        items: [
          { orderItemId: order.items[0]?._id, quantity: 1, kind: 'return', reason: 'too-small' },
        ],
      },
    },
    ReturnRequestSchema,
    201,
  );
  for (const step of ['approve', 'receive']) {
    await expectResult(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/admin/returns/${asked._id}/${step}`,
        headers: admin.auth,
        payload: {},
      },
      AdminReturnSchema,
    );
  }
}

const setAccount = (user: SignedUp | undefined, orderId: string, payload: unknown) => ({
  method: 'PUT' as const,
  url: `/api/v1/order/${orderId}/refund-account`,
  ...(user && { headers: user.auth }),
  payload: payload as object,
});

const toPay = (admin: SignedUp) =>
  expectResult(
    t.app,
    { url: '/api/v1/admin/refunds/to-pay?limit=100', headers: admin.auth },
    RefundToPayPageSchema,
  );

const markPaid = (who: SignedUp | undefined, refundId: string, reference: unknown) => ({
  method: 'POST' as const,
  url: `/api/v1/admin/refunds/${refundId}/paid`,
  ...(who && { headers: who.auth }),
  payload: { reference },
});

/** What returning the order's one line gives back: what was paid for it, after the discount. */
const refundOf = (order: Order) =>
  paiseToRupees(rupeesToPaise(order.subtotal) - rupeesToPaise(order.discount));

const getOrder = (user: SignedUp, id: string) =>
  expectResult(t.app, { url: `/api/v1/order/${id}`, headers: user.auth }, OrderSchema);

describe('PUT /api/v1/order/:id/refund-account', () => {
  it('keeps a UPI ID, lower-cased and trimmed, and answers it', async () => {
    const { user, order } = await placeOrder();
    const account = await expectResult(
      t.app,
      setAccount(user, order._id, { kind: 'upi', upiId: '  Asha.Rao-1@OKAXIS ' }),
      RefundAccountSchema,
    );
    expect(account).toEqual({ kind: 'upi', upiId: 'asha.rao-1@okaxis' });
    expect(
      await expectResult(
        t.app,
        { url: `/api/v1/order/${order._id}/refund-account`, headers: user.auth },
        RefundAccountSchema.nullable(),
      ),
    ).toEqual(account);
  });

  it('keeps a bank account and shows it back by its last 4 digits; a second answer replaces the first', async () => {
    const { user, order } = await placeOrder();
    await expectResult(
      t.app,
      setAccount(user, order._id, { kind: 'upi', upiId: 'asha@ybl' }),
      RefundAccountSchema,
    );
    const account = await expectResult(
      t.app,
      setAccount(user, order._id, {
        kind: 'bank',
        accountNumber: '5010 0123 4567 89',
        ifsc: 'hdfc0001234',
        accountHolder: ' Asha Rao ',
      }),
      RefundAccountSchema,
    );
    expect(account).toEqual({
      kind: 'bank',
      accountLast4: '6789',
      ifsc: 'HDFC0001234',
      accountHolder: 'Asha Rao',
    });
  });

  it.each([
    [{ kind: 'upi', upiId: 'asha@gmail.com' }, 'upiId', UPI_ID_MESSAGE],
    [{ kind: 'upi', upiId: 'asha' }, 'upiId', UPI_ID_MESSAGE],
    [{ kind: 'upi' }, 'upiId', UPI_ID_MESSAGE],
    [
      { kind: 'bank', accountNumber: '12345', ifsc: 'HDFC0001234', accountHolder: 'Asha' },
      'accountNumber',
      ACCOUNT_NUMBER_MESSAGE,
    ],
    [
      { kind: 'bank', accountNumber: '501001234567', ifsc: 'HDFC1001234', accountHolder: 'Asha' },
      'ifsc',
      IFSC_MESSAGE,
    ],
    [
      { kind: 'bank', accountNumber: '501001234567', ifsc: 'HDF00001234', accountHolder: 'Asha' },
      'ifsc',
      IFSC_MESSAGE,
    ],
    [
      { kind: 'bank', accountNumber: '501001234567', ifsc: 'HDFC0001234' },
      'accountHolder',
      ACCOUNT_HOLDER_MESSAGE,
    ],
  ])('refuses %o with 400 naming %s', async (payload, field, message) => {
    const { user, order } = await placeOrder();
    const failure = await expectFailure(t.app, setAccount(user, order._id, payload), 400);
    expect(failure.errors).toContainEqual({ field, message });
  });

  it('refuses an unknown kind with 400', async () => {
    const { user, order } = await placeOrder();
    await expectFailure(t.app, setAccount(user, order._id, { kind: 'cheque' }), 400);
  });

  it('is the order’s owner’s only: 401 signed out, 404 for another shopper', async () => {
    const { order } = await placeOrder();
    const body = { kind: 'upi', upiId: 'thief@ybl' };
    await expectFailure(t.app, setAccount(undefined, order._id, body), 401);
    const other = await signUp(t.app);
    await expectFailure(t.app, setAccount(other, order._id, body), 404);
    await expectFailure(t.app, setAccount(other, 'not-a-uuid', body), 404);
  });

  it('is for a delivered cash order only (409 otherwise)', async () => {
    const body = { kind: 'upi', upiId: 'asha@ybl' };
    const byCard = await placeOrder('debit-card');
    expect(
      (await expectFailure(t.app, setAccount(byCard.user, byCard.order._id, body), 409)).message,
    ).toBe(REFUND_ACCOUNT_NOT_CASH);
    const notDelivered = await placeOrder('cash', 'pending');
    expect(
      (await expectFailure(t.app, setAccount(notDelivered.user, notDelivered.order._id, body), 409))
        .message,
    ).toBe(REFUND_ACCOUNT_NOT_DELIVERED);
  });
});

describe('a cash order’s refund, to pay by hand', () => {
  it('stays to pay: no provider is sent it, by the return nor by the sweep', async () => {
    const { user, admin, order } = await placeOrder();
    const refundsBefore = gateway.refunds.length;
    await returnAndReceive(user, admin, order);
    const payments = createPaymentsService(t.db, gateway);
    await payments.sendRefunds({ orderId: order._id });
    await payments.sweepPendingRefunds({ graceMs: 0 });
    expect(gateway.refunds).toHaveLength(refundsBefore);
    expect((await getOrder(user, order._id)).refunds).toMatchObject([
      { amount: refundOf(order), status: 'pending', method: 'cash', refundedAt: null },
    ]);
  });

  it('says on the timeline, when the items are received, that the refund is paid by hand, not to the original payment method', async () => {
    const { user, admin, order } = await placeOrder();
    await returnAndReceive(user, admin, order);
    const events = (await getOrder(user, order._id)).events;
    expect(events.map((event) => event.note ?? '').join('\n')).not.toMatch(/original payment/);
    // Nothing is refunded yet: 'Refunded' comes when the owner marks it paid.
    expect(events.filter((event) => event.type === 'refunded')).toEqual([]);
    expect(events.find((event) => event.type === 'return-received')?.note).toContain(
      refundToPayByHandNote(refundOf(order)),
    );
  });

  it('is listed for the owner with the account, marked paid with its reference, and the shopper emailed', async () => {
    const { user, admin, order } = await placeOrder();
    await expectResult(
      t.app,
      setAccount(user, order._id, { kind: 'upi', upiId: 'asha@okaxis' }),
      RefundAccountSchema,
    );
    await returnAndReceive(user, admin, order);
    const listed = (await toPay(admin)).results.find((item) => item.orderId === order._id);
    expect(listed).toEqual({
      _id: expect.any(String),
      orderId: order._id,
      amount: refundOf(order),
      reason: expect.any(String),
      createdAt: expect.any(String),
      customer: { _id: expect.any(String), name: user.user.name, email: user.email },
      account: { kind: 'upi', upiId: 'asha@okaxis' },
    });
    if (!listed) throw new Error('not listed');

    const paid = await expectResult(
      t.app,
      markPaid(admin, listed._id, ' 412345678901 '),
      RefundPaidSchema,
    );
    expect(paid).toEqual({
      _id: listed._id,
      orderId: order._id,
      amount: refundOf(order),
      reference: '412345678901',
      paidAt: expect.any(String),
    });
    expect((await toPay(admin)).results.map((item) => item._id)).not.toContain(listed._id);
    expect((await getOrder(user, order._id)).refunds).toMatchObject([
      { amount: refundOf(order), status: 'refunded', method: 'cash', refundedAt: paid.paidAt },
    ]);

    const mail = (await findMessagesTo(t.db, user.email)).at(-1);
    expect(mail?.kind).toBe('refund-paid');
    expect(mail?.subject).toBe(`Your refund of ${formatRupees(refundOf(order))} is paid`);
    expect(mail?.text).toContain('UPI ID asha@okaxis');
    expect(mail?.text).toContain('412345678901');

    // The same mark again (a retry) answers the same and emails nothing more; another reference is a 409.
    expect(
      await expectResult(t.app, markPaid(admin, listed._id, '412345678901'), RefundPaidSchema),
    ).toEqual(paid);
    const conflict = await expectFailure(t.app, markPaid(admin, listed._id, 'UTR999'), 409);
    expect(conflict.message).toBe(refundAlreadyPaid('412345678901'));
    expect(
      (await findMessagesTo(t.db, user.email)).filter((m) => m.kind === 'refund-paid'),
    ).toHaveLength(1);

    // Once paid, the account can no longer be changed.
    const late = await expectFailure(
      t.app,
      setAccount(user, order._id, { kind: 'upi', upiId: 'other@ybl' }),
      409,
    );
    expect(late.message).toBe(REFUND_ALREADY_PAID);
  });

  it('puts the refund paid by hand on the order’s timeline, with its reference and who marked it, once', async () => {
    const { user, admin, order } = await placeOrder();
    await returnAndReceive(user, admin, order);
    const listed = (await toPay(admin)).results.find((item) => item.orderId === order._id);
    if (!listed) throw new Error('not listed');
    await expectResult(t.app, markPaid(admin, listed._id, 'UTR20260001'), RefundPaidSchema);
    await expectResult(t.app, markPaid(admin, listed._id, 'UTR20260001'), RefundPaidSchema);
    const events = (await getOrder(user, order._id)).events;
    expect(events.filter((event) => event.type === 'refunded').at(-1)).toMatchObject({
      note: refundPaidByHandNote('UTR20260001'),
    });
    expect(events.at(-1)?.note).toBe(refundPaidByHandNote('UTR20260001'));
    expect(
      events.filter((event) => event.note === refundPaidByHandNote('UTR20260001')),
    ).toHaveLength(1);
    const seen = await expectResult(
      t.app,
      { url: `/api/v1/admin/orders/${order._id}`, headers: admin.auth },
      AdminOrderSchema,
    );
    expect(seen.events.at(-1)).toMatchObject({
      type: 'refunded',
      actor: { _id: admin.user._id, role: 'admin' },
    });
  });

  it('pages the refunds to pay like the other admin lists', async () => {
    const placed = [await placeOrder(), await placeOrder()];
    for (const { user, admin, order } of placed) await returnAndReceive(user, admin, order);
    const admin = placed[0]?.admin;
    if (!admin) throw new Error('two orders');
    const { total } = await toPay(admin);
    expect(total).toBeGreaterThan(1);
    const seen: string[] = [];
    for (let page = 1; page <= total; page++) {
      const onPage = await expectResult(
        t.app,
        { url: `/api/v1/admin/refunds/to-pay?limit=1&page=${page}`, headers: admin.auth },
        RefundToPayPageSchema,
      );
      expect(onPage).toMatchObject({ total, page, pages: total, limit: 1 });
      seen.push(...onPage.results.map((item) => item._id));
    }
    expect(new Set(seen).size).toBe(total);
    await expectFailure(
      t.app,
      { url: '/api/v1/admin/refunds/to-pay?limit=101', headers: admin.auth },
      400,
    );
  });

  it('lists a refund whose shopper gave no account yet, with none', async () => {
    const { user, admin, order } = await placeOrder();
    await returnAndReceive(user, admin, order);
    const listed = (await toPay(admin)).results.find((item) => item.orderId === order._id);
    expect(listed?.account).toBeNull();
  });

  it('is the owner’s only: 401 signed out, 403 for a shopper', async () => {
    const { user, admin, order } = await placeOrder();
    await returnAndReceive(user, admin, order);
    const [listed] = (await toPay(admin)).results;
    await expectFailure(t.app, '/api/v1/admin/refunds/to-pay', 401);
    await expectFailure(t.app, { url: '/api/v1/admin/refunds/to-pay', headers: user.auth }, 403);
    await expectFailure(t.app, markPaid(undefined, listed?._id ?? '', 'UTR1234'), 401);
    await expectFailure(t.app, markPaid(user, listed?._id ?? '', 'UTR1234'), 403);
  });

  it('marks only a cash refund to pay: 404 for a card refund or an unknown id, 400 without a reference', async () => {
    const byCard = await placeOrder('debit-card');
    await returnAndReceive(byCard.user, byCard.admin, byCard.order);
    const [cardRefund] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, byCard.order._id));
    const notFound = await expectFailure(
      t.app,
      markPaid(byCard.admin, cardRefund?.id ?? '', 'UTR1234'),
      404,
    );
    expect(notFound.message).toBe(REFUND_TO_PAY_NOT_FOUND);
    await expectFailure(t.app, markPaid(byCard.admin, crypto.randomUUID(), 'UTR1234'), 404);
    await expectFailure(t.app, markPaid(byCard.admin, 'not-a-uuid', 'UTR1234'), 404);
    const missing = await expectFailure(
      t.app,
      markPaid(byCard.admin, crypto.randomUUID(), ''),
      400,
    );
    expect(missing.errors).toContainEqual({
      field: 'reference',
      message: REFUND_REFERENCE_MESSAGE,
    });
  });
});
