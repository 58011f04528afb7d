import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderSchema,
  AdminReturnSchema,
  ANALYTICS_RANGE_LENGTH_MESSAGE,
  ANALYTICS_RANGE_ORDER_MESSAGE,
  type Analytics,
  AnalyticsSchema,
  CartItemSchema,
  type Order,
  OrderSchema,
  paiseToRupees,
  ReturnRequestSchema,
  rupeesToPaise,
  SHOP_TIME_ZONE,
  type TextLayer,
} from '#contract';
import type { ProductCustomisationColumns } from '#server/db/schema/catalogue.ts';
import { orders } from '#server/db/schema/orders.ts';
import { refunds } from '#server/db/schema/payments.ts';
import { returns } from '#server/db/schema/returns.ts';
import { shopDayPlus } from '#server/lib/dates.ts';
import { asUser, deliverAs } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(() => t.close());

const analytics = (query: string) =>
  expectResult(t.app, asUser(admin, { url: `/api/v1/admin/analytics?${query}` }), AnalyticsSchema);

/** A tee that takes a design on its front (D27). */
const TEE: ProductCustomisationColumns = {
  customisable: true,
  printAreas: {
    front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
    back: { xMm: 200, yMm: 120, widthMm: 200, heightMm: 150 },
  },
  decorationFrontPaise: 15_000,
  decorationBackPaise: 9_950,
};

const words: TextLayer = {
  id: 't1',
  type: 'text',
  text: 'Diwali',
  fontId: 'lobster',
  colorId: 'red',
  fontSizeMm: 20,
  bold: false,
  italic: false,
  align: 'center',
  arcDegrees: 0,
  xMm: 100,
  yMm: 60,
  rotationDeg: 0,
};

interface Line {
  product: string;
  quantity: number;
  designed?: boolean;
}

/** A shopper's order of these lines, paid by card, placed at `at`. */
async function orderAt(shopper: SignedUp, at: Date, lines: Line[]): Promise<Order> {
  await addAddress(t.app, shopper);
  for (const line of lines) {
    if (line.designed) {
      await expectResult(
        t.app,
        {
          method: 'POST',
          url: '/api/v1/cart/create',
          headers: shopper.auth,
          payload: {
            productId: line.product,
            size: 'M',
            quantity: line.quantity,
            design: { front: [words], back: [] },
          },
        },
        CartItemSchema,
        201,
      );
    } else {
      await addLine(t.app, shopper, line.product, 'M', line.quantity);
    }
  }
  const order = await expectResult(
    t.app,
    checkoutRequest(shopper, {
      couponCode: '',
      paymentMethod: 'debit-card',
      card: {
        name: 'Asha Shopper',
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 1,
        cvv: '737',
      },
    }),
    OrderSchema,
    201,
  );
  await t.db.update(orders).set({ createdAt: at }).where(eq(orders.id, order._id));
  return order;
}

const unitsOf = (order: Order) => order.items.reduce((sum, item) => sum + item.quantity, 0);

/** The figures the orders themselves give, counted by the day each was placed in India. */
function expectedByDay(placed: { day: string; order: Order }[]) {
  const byDay = new Map<string, { orders: number; revenuePaise: number; units: number }>();
  for (const { day, order } of placed) {
    const figures = byDay.get(day) ?? { orders: 0, revenuePaise: 0, units: 0 };
    figures.orders += 1;
    figures.revenuePaise += rupeesToPaise(order.totalPrice);
    figures.units += unitsOf(order);
    byDay.set(day, figures);
  }
  return byDay;
}

const sumOf = (analytics: Analytics, field: 'revenue' | 'orders' | 'units' | 'newCustomers') =>
  analytics.buckets.reduce((sum, bucket) => sum + bucket[field], 0);

describe('GET /api/v1/admin/analytics', () => {
  it('answers 401 to a visitor and 403 to a shopper', async () => {
    await expectFailure(t.app, { url: '/api/v1/admin/analytics' }, 401);
    const shopper = await signUp(t.app);
    await expectFailure(t.app, asUser(shopper, { url: '/api/v1/admin/analytics' }), 403);
  });

  it('refuses a range backwards or over two years, an unknown interval, and a day that is not one or not of this century', async () => {
    const backwards = await expectFailure(
      t.app,
      asUser(admin, { url: '/api/v1/admin/analytics?from=2026-03-02&to=2026-03-01' }),
      400,
    );
    expect(backwards.errors).toEqual([{ field: 'from', message: ANALYTICS_RANGE_ORDER_MESSAGE }]);
    const tooLong = await expectFailure(
      t.app,
      asUser(admin, { url: '/api/v1/admin/analytics?from=2024-01-01&to=2026-01-01' }),
      400,
    );
    expect(tooLong.errors).toEqual([{ field: 'from', message: ANALYTICS_RANGE_LENGTH_MESSAGE }]);
    // Only `from`: the range runs to today, and is refused when that is too long.
    const sinceLongAgo = await expectFailure(
      t.app,
      asUser(admin, { url: '/api/v1/admin/analytics?from=2001-01-01' }),
      400,
    );
    expect(sinceLongAgo.errors).toEqual([
      { field: 'from', message: ANALYTICS_RANGE_LENGTH_MESSAGE },
    ]);
    await expectFailure(
      t.app,
      asUser(admin, { url: '/api/v1/admin/analytics?interval=year' }),
      400,
    );
    for (const day of ['2026-02-30', '0000-01-01', '9999-12-31']) {
      await expectFailure(t.app, asUser(admin, { url: `/api/v1/admin/analytics?to=${day}` }), 400);
    }
  });

  it('sums the orders per day, week and month of India’s calendar, cancelled orders out', async () => {
    const plain = await createProduct(t.db, {
      title: 'Aaa Plain Tee',
      price: 499,
      stock: { M: 20 },
    });
    const polo = await createProduct(t.db, { title: 'Aaa Polo', price: 250.5, stock: { M: 20 } });
    const tee = await createProduct(t.db, {
      title: 'Aaa Design Tee',
      price: 599,
      stock: { M: 20 },
      customisation: TEE,
    });
    const [first, second, canceller, designer, earlier, later] = await Promise.all(
      Array.from({ length: 6 }, () => signUp(t.app)),
    );
    if (!first || !second || !canceller || !designer || !earlier || !later)
      throw new Error('no shoppers');

    // India is UTC+05:30: the last instant of 3 March there, and the first of 4 March.
    const a = await orderAt(first, new Date('2025-03-03T18:29:59.999Z'), [
      { product: plain, quantity: 2 },
    ]);
    const b = await orderAt(second, new Date('2025-03-03T18:30:00Z'), [
      { product: polo, quantity: 1 },
    ]);
    const cancelled = await orderAt(canceller, new Date('2025-03-05T06:00:00Z'), [
      { product: plain, quantity: 4 },
    ]);
    await expectResult(
      t.app,
      asUser(admin, {
        method: 'POST',
        url: `/api/v1/admin/orders/${cancelled._id}/status`,
        payload: { status: 'cancelled' },
      }),
      AdminOrderSchema,
    );
    const d = await orderAt(designer, new Date('2025-03-10T06:00:00Z'), [
      { product: tee, quantity: 1, designed: true },
      { product: plain, quantity: 1 },
    ]);
    const e = await orderAt(first, new Date('2025-03-12T10:00:00Z'), [
      { product: polo, quantity: 3 },
    ]);
    // 28 February in India: a first order before March, then one in it (not a new customer in March).
    const f = await orderAt(earlier, new Date('2025-02-28T18:29:59Z'), [
      { product: polo, quantity: 1 },
    ]);
    const h = await orderAt(earlier, new Date('2025-03-20T12:00:00Z'), [
      { product: plain, quantity: 1 },
    ]);
    // 1 April in India.
    const g = await orderAt(later, new Date('2025-03-31T18:30:00Z'), [
      { product: tee, quantity: 2, designed: true },
    ]);

    // One unit of the first order comes back and is refunded to the card.
    await deliverAs(t.app, admin, a._id);
    const line = a.items[0];
    if (!line) throw new Error('no line');
    const asked = await expectResult(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/order/${a._id}/returns`,
        headers: first.auth,
        payload: {
          items: [{ orderItemId: line._id, quantity: 1, kind: 'return', reason: 'changed-mind' }],
        },
      },
      ReturnRequestSchema,
      201,
    );
    const step = (name: string, payload?: object) =>
      expectResult(
        t.app,
        asUser(admin, {
          method: 'POST',
          url: `/api/v1/admin/returns/${asked._id}/${name}`,
          ...(payload && { payload }),
        }),
        AdminReturnSchema,
      );
    await step('approve', {});
    const received = await step('receive');
    expect(received.refund?.status).toBe('refunded');
    const refundAmount = received.refund?.amount ?? 0;
    await t.db
      .update(returns)
      .set({ createdAt: new Date('2025-03-20T12:00:00Z') })
      .where(eq(returns.id, asked._id));
    await t.db
      .update(refunds)
      .set({ refundedAt: new Date('2025-03-21T12:00:00Z') })
      .where(eq(refunds.orderId, a._id));

    const march = [
      { day: '2025-03-03', order: a },
      { day: '2025-03-04', order: b },
      { day: '2025-03-10', order: d },
      { day: '2025-03-12', order: e },
      { day: '2025-03-20', order: h },
    ];
    const expected = expectedByDay(march);
    const byDay = await analytics('from=2025-03-01&to=2025-03-31&interval=day');
    expect(byDay.buckets).toHaveLength(31);
    for (const bucket of byDay.buckets) {
      expect(bucket.start).toBe(bucket.end);
      const want = expected.get(bucket.start);
      expect(bucket, bucket.start).toMatchObject({
        orders: want?.orders ?? 0,
        revenue: paiseToRupees(want?.revenuePaise ?? 0),
        units: want?.units ?? 0,
        averageOrderValue: want ? paiseToRupees(Math.round(want.revenuePaise / want.orders)) : 0,
      });
    }
    const revenuePaise = march.reduce((sum, { order }) => sum + rupeesToPaise(order.totalPrice), 0);
    const units = march.reduce((sum, { order }) => sum + unitsOf(order), 0);
    expect(byDay.totals).toEqual({
      revenue: paiseToRupees(revenuePaise),
      orders: 5,
      averageOrderValue: paiseToRupees(Math.round(revenuePaise / 5)),
      units,
      // first, second and designer; earlier ordered first in February, the canceller never counts.
      newCustomers: 3,
      returns: 1,
      refunds: refundAmount,
    });
    expect(byDay.buckets.find((bucket) => bucket.returns > 0)?.start).toBe('2025-03-20');
    expect(byDay.buckets.find((bucket) => bucket.refunds > 0)?.start).toBe('2025-03-21');
    expect(sumOf(byDay, 'revenue')).toBeCloseTo(paiseToRupees(revenuePaise), 2);
    expect(sumOf(byDay, 'newCustomers')).toBe(3);

    // Weeks run Monday to Sunday; 1 March 2025 is a Saturday, and the last week is cut to the 31st.
    const byWeek = await analytics('from=2025-03-01&to=2025-03-31&interval=week');
    expect(byWeek.buckets.map((bucket) => [bucket.start, bucket.end, bucket.orders])).toEqual([
      ['2025-03-01', '2025-03-02', 0],
      ['2025-03-03', '2025-03-09', 2],
      ['2025-03-10', '2025-03-16', 2],
      ['2025-03-17', '2025-03-23', 1],
      ['2025-03-24', '2025-03-30', 0],
      ['2025-03-31', '2025-03-31', 0],
    ]);
    expect(byWeek.totals).toEqual(byDay.totals);

    const byMonth = await analytics('from=2025-02-15&to=2025-04-15&interval=month');
    const figure = (order: Order) => rupeesToPaise(order.totalPrice);
    expect(
      byMonth.buckets.map((bucket) => [
        bucket.start,
        bucket.end,
        bucket.orders,
        bucket.newCustomers,
      ]),
    ).toEqual([
      ['2025-02-15', '2025-02-28', 1, 1],
      ['2025-03-01', '2025-03-31', 5, 3],
      ['2025-04-01', '2025-04-15', 1, 1],
    ]);
    expect(byMonth.buckets.map((bucket) => rupeesToPaise(bucket.revenue))).toEqual([
      figure(f),
      revenuePaise,
      figure(g),
    ]);

    // Units sold in March, most first, then sales; only the tee's designed line counts as customised.
    const teeSales = d.items.find((item) => item.productId === tee)?.price;
    expect(byDay.topProducts).toEqual([
      { productId: plain, title: 'Aaa Plain Tee', units: 4, sales: 1996 },
      { productId: polo, title: 'Aaa Polo', units: 4, sales: 1002 },
      { productId: tee, title: 'Aaa Design Tee', units: 1, sales: teeSales },
    ]);
    expect(byDay.topCustomisedProducts).toEqual([
      { productId: tee, title: 'Aaa Design Tee', units: 1, sales: teeSales },
    ]);
  });

  it('covers the last 30 days of India’s calendar, by day, without a range', async () => {
    const result = await analytics('');
    const today = shopDayPlus(new Date(), 0);
    expect(result).toMatchObject({
      from: shopDayPlus(new Date(), -29),
      to: today,
      interval: 'day',
      timeZone: SHOP_TIME_ZONE,
    });
    expect(result.buckets).toHaveLength(30);
    expect(result.buckets.at(-1)).toMatchObject({ start: today, end: today });
  });
});
