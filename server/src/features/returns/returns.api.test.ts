import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AdminReturnPageSchema,
  AdminReturnSchema,
  EXCHANGE_SAME_SIZE,
  formatRupees,
  type Order,
  OrderSchema,
  RETURN_INSTRUCTIONS,
  type ReturnItemBody,
  ReturnRequestSchema,
  returnWindowClosed,
  type Size,
} from '#contract';
import { orders } from '#server/db/schema/orders.ts';
import type { TestGateway } from '#server/features/payments/payment-provider.ts';
import { paiseToRupees, rupeesToPaise } from '#server/lib/money.ts';
import { deliverAs } from '#server-test/admin-fixtures.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct, setStock } from '#server-test/catalogue-fixtures.ts';
import {
  addAddress,
  addLine,
  checkOut,
  checkoutRequest,
  stockOf,
} from '#server-test/checkout-fixtures.ts';
import { createRecordingApp } from '#server-test/gateway.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { ONLY_DELIVERED_RETURNS } from '../orders/orders.messages.ts';
import { NOT_AN_ORDER_ITEM, paidShare, tooManyUnits } from './returns.service.ts';

/** Issue 13, section 3: returns and exchanges within 7 days of delivery (D31). */

let gateway: TestGateway;
let t: TestApp;
beforeAll(async () => {
  ({ t, gateway } = await createRecordingApp());
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface Placed {
  user: SignedUp;
  admin: SignedUp;
  order: Order;
  /** The two products ordered: 2 × M of the first (₹499), 1 × S of the second (₹799). */
  tee: string;
  shirt: string;
}

/** A new shopper's order, paid as asked, and moved by a new admin as far as `until`. */
async function placeOrder(
  paymentMethod: 'cash' | 'debit-card' = 'debit-card',
  until: 'pending' | 'delivered' = 'delivered',
): Promise<Placed> {
  const user = await signUp(t.app);
  const admin = await signUpAdmin(t.app, t.db);
  const tee = await createProduct(t.db, { price: 499, stock: { M: 5, L: 3 } });
  const shirt = await createProduct(t.db, { price: 799, stock: { S: 2, M: 1 } });
  await addAddress(t.app, user);
  await addLine(t.app, user, tee, 'M', 2);
  await addLine(t.app, user, shirt, 'S', 1);
  const order = await checkOut(t.app, user, paymentMethod);
  if (until === 'delivered') await deliverAs(t.app, admin, order._id);
  return { user, admin, order, tee, shirt };
}

const lineOf = (order: Order, productId: string) => {
  const line = order.items.find((item) => item.productId === productId);
  if (!line) throw new Error('no such line');
  return line;
};

const requestReturn = (user: SignedUp, orderId: string, items: unknown[]) => ({
  method: 'POST' as const,
  url: `/api/v1/order/${orderId}/returns`,
  headers: user.auth,
  payload: { items },
});

const askFor = (user: SignedUp, orderId: string, items: ReturnItemBody[]) =>
  expectResult(t.app, requestReturn(user, orderId, items), ReturnRequestSchema, 201);

const adminStep = (admin: SignedUp, returnId: string, step: string, payload?: object) =>
  expectResult(
    t.app,
    {
      method: 'POST',
      url: `/api/v1/admin/returns/${returnId}/${step}`,
      headers: admin.auth,
      ...(payload && { payload }),
    },
    AdminReturnSchema,
  );

const getOrder = (user: SignedUp, id: string) =>
  expectResult(t.app, { url: `/api/v1/order/${id}`, headers: user.auth }, OrderSchema);

const listReturns = (user: SignedUp, id: string) =>
  expectResult(
    t.app,
    { url: `/api/v1/order/${id}/returns`, headers: user.auth },
    z.array(ReturnRequestSchema),
  );

async function deliveredAgo(orderId: string, ago: number) {
  await t.db
    .update(orders)
    .set({ deliveredAt: new Date(Date.now() - ago) })
    .where(eq(orders.id, orderId));
}

/** What returning `linePaise` of an order gives back: its share of the discounted total. */
const shareOf = (order: Order, linePaise: number) =>
  paiseToRupees(
    paidShare(
      {
        subtotalPaise: rupeesToPaise(order.subtotal),
        discountPaise: rupeesToPaise(order.discount),
      },
      linePaise,
    ),
  );

const subjects = async (email: string) =>
  (await findMessagesTo(t.db, email)).map((message) => message.subject);

describe('a return and an exchange, from request to refund and new shipment', () => {
  it('reserves the new size, then on receipt restocks, refunds to the card and ships', async () => {
    const { user, admin, order, tee, shirt } = await placeOrder('debit-card');
    const teeLine = lineOf(order, tee);
    const shirtLine = lineOf(order, shirt);
    const refundAmount = shareOf(order, 49_900);

    const asked = await askFor(user, order._id, [
      { orderItemId: teeLine._id, quantity: 1, kind: 'return', reason: 'changed-mind' },
      { orderItemId: shirtLine._id, quantity: 1, kind: 'exchange', size: 'M', reason: 'too-small' },
    ]);
    expect(asked).toMatchObject({
      status: 'requested',
      orderId: order._id,
      refundAmount,
      refund: null,
      instructions: null,
    });
    expect(asked.items.map((item) => [item.name, item.kind, item.size, item.exchangeSize])).toEqual(
      [
        [teeLine.name, 'return', 'M', null],
        [shirtLine.name, 'exchange', 'S', 'M'],
      ],
    );
    // The exchange's size is set aside now: nobody else can buy the last M.
    expect(await stockOf(t.db, shirt, 'M')).toBe(0);
    expect(await stockOf(t.db, tee, 'M')).toBe(3);

    const listed = await expectResult(
      t.app,
      { url: '/api/v1/admin/returns?status=requested&limit=100', headers: admin.auth },
      AdminReturnPageSchema,
    );
    expect(listed.results.find((item) => item._id === asked._id)).toMatchObject({
      customer: { email: user.email },
    });

    const approved = await adminStep(admin, asked._id, 'approve', { note: 'Use the blue bag' });
    expect(approved.status).toBe('approved');
    expect(approved.instructions).toBe(`${RETURN_INSTRUCTIONS}\n\nUse the blue bag`);
    expect((await listReturns(user, order._id))[0]?.instructions).toBe(approved.instructions);

    const received = await adminStep(admin, asked._id, 'receive');
    expect(received.status).toBe('received');
    expect(received.refund).toEqual({
      amount: refundAmount,
      status: 'refunded',
      reference: expect.any(String),
      method: 'debit-card',
      card: { brand: 'Visa', last4: '4242' },
      createdAt: expect.any(String),
      refundedAt: expect.any(String),
    });
    // The returned M and the exchanged S are back on the shelf; the new M stays out.
    expect(await stockOf(t.db, tee, 'M')).toBe(4);
    expect(await stockOf(t.db, shirt, 'S')).toBe(2);
    expect(await stockOf(t.db, shirt, 'M')).toBe(0);
    const approval = gateway.authorizations.find(
      (item) => item.amountPaise === rupeesToPaise(order.totalPrice),
    );
    expect(
      gateway.refunds
        .filter((refund) => refund.authorizationId === approval?.id)
        .map((r) => r.amountPaise),
    ).toContain(rupeesToPaise(refundAmount));

    const after = await getOrder(user, order._id);
    expect(after.status).toBe('delivered');
    expect(after.events.map((event) => event.type)).toEqual([
      'placed',
      'shipped',
      'delivered',
      'return-requested',
      'return-approved',
      'return-received',
      'refunded',
      'exchange-shipped',
    ]);
    expect(after.events.at(-1)?.note).toBe(`${shirtLine.name} size M × 1`);
    expect(after.refunds).toMatchObject([{ amount: refundAmount, status: 'refunded' }]);

    const mail = await findMessagesTo(t.db, user.email);
    expect(mail.map((message) => message.kind)).toEqual([
      'welcome',
      'order-placed',
      'order-shipped',
      'order-delivered',
      'return-requested',
      'return-approved',
      'return-received',
    ]);
    const receivedMail = mail.at(-1);
    expect(receivedMail?.text).toContain(
      `${formatRupees(refundAmount)} is refunded to your Visa •••• 4242.`,
    );
    expect(receivedMail?.text).toContain(`${shirtLine.name} × 1: size M`);
    expect(mail.find((message) => message.kind === 'return-approved')?.text).toContain(
      RETURN_INSTRUCTIONS,
    );
  });

  it('refunds a cash order by hand, and only the items’ share of what was paid', async () => {
    const { user, admin, order, tee } = await placeOrder('cash');
    const asked = await askFor(user, order._id, [
      { orderItemId: lineOf(order, tee)._id, quantity: 2, kind: 'return', reason: 'defective' },
    ]);
    await adminStep(admin, asked._id, 'approve', {});
    const received = await adminStep(admin, asked._id, 'receive');
    const amount = shareOf(order, 2 * 49_900);
    expect(order.discount).toBeGreaterThan(0);
    expect(amount).toBeLessThan(998);
    expect(received.refund).toMatchObject({
      amount,
      status: 'pending',
      method: 'cash',
      card: null,
    });
    expect((await findMessagesTo(t.db, user.email)).at(-1)?.text).toContain(
      `You paid in cash, so the shop pays ${formatRupees(amount)} back by hand, to the UPI ID or bank account you give on your order's page`,
    );
  });

  it('rejects with a reason: the reserved size goes back to stock, the units may be asked again', async () => {
    const { user, admin, order, shirt } = await placeOrder();
    const shirtLine = lineOf(order, shirt);
    const asked = await askFor(user, order._id, [
      { orderItemId: shirtLine._id, quantity: 1, kind: 'exchange', size: 'M', reason: 'too-small' },
    ]);
    expect(await stockOf(t.db, shirt, 'M')).toBe(0);
    const rejected = await adminStep(admin, asked._id, 'reject', { reason: 'Worn and washed' });
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Worn and washed' });
    expect(await stockOf(t.db, shirt, 'M')).toBe(1);
    const refused = await expectFailure(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/admin/returns/${asked._id}/approve`,
        headers: admin.auth,
        payload: {},
      },
      409,
    );
    expect(refused.message).toBe('This return is rejected: it cannot be approved');
    await expectFailure(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/admin/returns/${asked._id}/reject`,
        headers: admin.auth,
        payload: { reason: '' },
      },
      400,
    );
    const events = (await getOrder(user, order._id)).events.slice(-2);
    expect(events).toMatchObject([
      { type: 'return-requested' },
      { type: 'return-rejected', note: 'Worn and washed' },
    ]);
    expect((await subjects(user.email)).at(-1)).toMatch(/was not accepted$/);
    await askFor(user, order._id, [
      { orderItemId: shirtLine._id, quantity: 1, kind: 'return', reason: 'too-small' },
    ]);
  });

  it('rejects a plain return, alone or beside an exchange: only reserved sizes go back to stock', async () => {
    const { user, admin, order, tee, shirt } = await placeOrder();
    const plain = await askFor(user, order._id, [
      { orderItemId: lineOf(order, tee)._id, quantity: 1, kind: 'return', reason: 'too-large' },
    ]);
    const teeStock = await stockOf(t.db, tee, 'M');
    const rejected = await adminStep(admin, plain._id, 'reject', { reason: 'Past the tags' });
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Past the tags' });
    expect(await stockOf(t.db, tee, 'M')).toBe(teeStock);

    const both = await askFor(user, order._id, [
      { orderItemId: lineOf(order, tee)._id, quantity: 1, kind: 'return', reason: 'too-large' },
      {
        orderItemId: lineOf(order, shirt)._id,
        quantity: 1,
        kind: 'exchange',
        size: 'M',
        reason: 'too-small',
      },
    ]);
    await adminStep(admin, both._id, 'approve', {});
    expect(await stockOf(t.db, shirt, 'M')).toBe(0);
    expect(await adminStep(admin, both._id, 'reject', { reason: 'Worn' })).toMatchObject({
      status: 'rejected',
    });
    expect(await stockOf(t.db, shirt, 'M')).toBe(1);
    expect(await stockOf(t.db, tee, 'M')).toBe(teeStock);
  });

  it('receives only an approved return, and answers 404 for an unknown one', async () => {
    const { user, admin, order, tee } = await placeOrder();
    const asked = await askFor(user, order._id, [
      { orderItemId: lineOf(order, tee)._id, quantity: 1, kind: 'return', reason: 'too-large' },
    ]);
    const early = await expectFailure(
      t.app,
      { method: 'POST', url: `/api/v1/admin/returns/${asked._id}/receive`, headers: admin.auth },
      409,
    );
    expect(early.message).toBe('This return is requested: it cannot be received');
    await expectFailure(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/admin/returns/${crypto.randomUUID()}/receive`,
        headers: admin.auth,
      },
      404,
    );
    await expectFailure(t.app, { url: '/api/v1/admin/returns', headers: user.auth }, 403);
  });
});

describe('the 7-day window (D31)', () => {
  it('is open at 6 days 23 hours after delivery', async () => {
    const { user, order, tee } = await placeOrder();
    await deliveredAgo(order._id, 6 * DAY + 23 * HOUR);
    await askFor(user, order._id, [
      { orderItemId: lineOf(order, tee)._id, quantity: 1, kind: 'return', reason: 'too-large' },
    ]);
  });

  it('is closed at 7 days 1 hour: 409 with the date it closed', async () => {
    const { user, order, tee } = await placeOrder();
    const deliveredAt = new Date(Date.now() - (7 * DAY + HOUR));
    await t.db.update(orders).set({ deliveredAt }).where(eq(orders.id, order._id));
    const failure = await expectFailure(
      t.app,
      requestReturn(user, order._id, [
        { orderItemId: lineOf(order, tee)._id, quantity: 1, kind: 'return', reason: 'too-large' },
      ]),
      409,
    );
    expect(failure.message).toBe(returnWindowClosed(new Date(deliveredAt.getTime() + 7 * DAY)));
    expect(failure.message).toMatch(/^Returns for this order closed on \d{1,2} \w+ \d{4}/);
    expect((await getOrder(user, order._id)).events.map((event) => event.type)).not.toContain(
      'return-requested',
    );
  });

  it('is not open before delivery', async () => {
    const { user, order, tee } = await placeOrder('debit-card', 'pending');
    const failure = await expectFailure(
      t.app,
      requestReturn(user, order._id, [
        { orderItemId: lineOf(order, tee)._id, quantity: 1, kind: 'return', reason: 'too-large' },
      ]),
      409,
    );
    expect(failure.message).toBe(ONLY_DELIVERED_RETURNS);
  });
});

describe('who and how much', () => {
  it("answers 404 for another user's order, both ways", async () => {
    const { order, tee } = await placeOrder();
    const stranger = await signUp(t.app);
    const item = {
      orderItemId: lineOf(order, tee)._id,
      quantity: 1,
      kind: 'return',
      reason: 'too-large',
    };
    await expectFailure(t.app, requestReturn(stranger, order._id, [item]), 404);
    await expectFailure(
      t.app,
      { url: `/api/v1/order/${order._id}/returns`, headers: stranger.auth },
      404,
    );
    await expectFailure(t.app, requestReturn(stranger, 'not-an-id', [item]), 404);
    await expectFailure(
      t.app,
      { method: 'POST', url: `/api/v1/order/${order._id}/returns`, payload: { items: [item] } },
      401,
    );
  });

  it('never takes more units than were ordered less those already returned', async () => {
    const { user, order, tee, shirt } = await placeOrder();
    const teeLine = lineOf(order, tee);
    const one = {
      orderItemId: teeLine._id,
      quantity: 1,
      kind: 'return',
      reason: 'too-large',
    } as const;
    const tooMany = await expectFailure(
      t.app,
      requestReturn(user, order._id, [one, one, one]),
      409,
    );
    expect(tooMany.message).toBe(tooManyUnits(teeLine, 2));
    await askFor(user, order._id, [one]);
    const second = await expectFailure(
      t.app,
      requestReturn(user, order._id, [{ ...one, quantity: 2 }]),
      409,
    );
    expect(second.message).toBe(tooManyUnits(teeLine, 1));
    await askFor(user, order._id, [one]);
    const none = await expectFailure(t.app, requestReturn(user, order._id, [one]), 409);
    expect(none.message).toBe(`${teeLine.name} (size M) has already been returned`);
    const foreign = await expectFailure(
      t.app,
      requestReturn(user, order._id, [{ ...one, orderItemId: crypto.randomUUID() }]),
      400,
    );
    expect(foreign.message).toBe(NOT_AN_ORDER_ITEM);
    expect(await listReturns(user, order._id)).toHaveLength(2);
    // The shirt's line is untouched by the tee's returns.
    await askFor(user, order._id, [
      { orderItemId: lineOf(order, shirt)._id, quantity: 1, kind: 'return', reason: 'defective' },
    ]);
  });

  it('refuses bad bodies with 400: no items, an exchange without a size or to the same size, an unknown reason', async () => {
    const { user, order, shirt } = await placeOrder();
    const orderItemId = lineOf(order, shirt)._id;
    for (const items of [
      [],
      [{ orderItemId, quantity: 1, kind: 'exchange', reason: 'too-small' }],
      [{ orderItemId, quantity: 1, kind: 'return', reason: 'bored' }],
      [{ orderItemId, quantity: 0, kind: 'return', reason: 'too-small' }],
      [{ orderItemId, quantity: 1, kind: 'return', size: 'L', reason: 'too-small' }],
    ]) {
      await expectFailure(t.app, requestReturn(user, order._id, items), 400);
    }
    const same = await expectFailure(
      t.app,
      requestReturn(user, order._id, [
        { orderItemId, quantity: 1, kind: 'exchange', size: 'S', reason: 'too-small' },
      ]),
      400,
    );
    expect(same.message).toBe(EXCHANGE_SAME_SIZE);
  });

  it('answers 409 for an exchange to a size with no stock, changing nothing', async () => {
    const { user, order, shirt } = await placeOrder();
    await setStock(t.db, shirt, 'M', 0);
    const failure = await expectFailure(
      t.app,
      requestReturn(user, order._id, [
        {
          orderItemId: lineOf(order, shirt)._id,
          quantity: 1,
          kind: 'exchange',
          size: 'M',
          reason: 'too-small',
        },
      ]),
      409,
    );
    expect(failure.message).toMatch(/\(size M\) is out of stock$/);
    expect(await listReturns(user, order._id)).toEqual([]);
    // A size the product never had is no stock either.
    await expectFailure(
      t.app,
      requestReturn(user, order._id, [
        {
          orderItemId: lineOf(order, shirt)._id,
          quantity: 1,
          kind: 'exchange',
          size: 'XXL' as Size,
          reason: 'too-small',
        },
      ]),
      409,
    );
  });

  it('gives the last unit of a size to one of two exchanges racing for it', async () => {
    const first = await placeOrder();
    const shirtM = first.shirt;
    // A second shopper with the same shirt in S, both wanting the one M left.
    const second = await signUp(t.app);
    await addAddress(t.app, second);
    await setStock(t.db, shirtM, 'S', 3);
    await addLine(t.app, second, shirtM, 'S', 1);
    const secondOrder = await expectResult(t.app, checkoutRequest(second, {}), OrderSchema, 201);
    await deliverAs(t.app, first.admin, secondOrder._id);
    expect(await stockOf(t.db, shirtM, 'M')).toBe(1);

    const exchange = (user: SignedUp, ordered: Order) =>
      t.app.inject(
        requestReturn(user, ordered._id, [
          {
            orderItemId: lineOf(ordered, shirtM)._id,
            quantity: 1,
            kind: 'exchange',
            size: 'M',
            reason: 'too-small',
          },
        ]),
      );
    const answers = await Promise.all([
      exchange(first.user, first.order),
      exchange(second, secondOrder),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await stockOf(t.db, shirtM, 'M')).toBe(0);
  });
});

describe('paidShare', () => {
  it('gives back each line its part of the discounted total, never more than was paid', () => {
    const order = { subtotalPaise: 129_700, discountPaise: 12_970 };
    const shares = [49_900, 79_800].map((line) => paidShare(order, line));
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeLessThanOrEqual(129_700 - 12_970);
    expect(shares).toEqual([44_910, 71_820]);
    expect(paidShare({ subtotalPaise: 0, discountPaise: 0 }, 100)).toBe(0);
  });
});
