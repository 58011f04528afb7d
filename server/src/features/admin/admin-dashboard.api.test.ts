import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminDashboardSchema, OrderSchema } from '#contract';
import { orders } from '#server/db/schema/orders.ts';
import { shopDayPlus, shopDayStart } from '#server/lib/dates.ts';
import { asUser } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { archiveProduct, createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(() => t.close());

const dashboard = () =>
  expectResult(t.app, asUser(admin, { url: '/api/v1/admin/dashboard' }), AdminDashboardSchema);

/** An order of `quantity` units at `price`, placed now by a new shopper. */
async function order(price: number, quantity = 1) {
  const product = await createProduct(t.db, { price, stock: { M: quantity } });
  const shopper = await signUp(t.app);
  await addAddress(t.app, shopper);
  await addLine(t.app, shopper, product, 'M', quantity);
  // Without the new cart's MAX500 (D10), so the revenue is the price.
  return expectResult(t.app, checkoutRequest(shopper, { couponCode: '' }), OrderSchema, 201);
}

const placedAt = (id: string, at: Date) =>
  t.db.update(orders).set({ createdAt: at }).where(eq(orders.id, id));

const cancel = (id: string) =>
  t.app.inject(
    asUser(admin, {
      method: 'POST',
      url: `/api/v1/admin/orders/${id}/status`,
      payload: { status: 'cancelled' },
    }),
  );

describe('GET /api/v1/admin/dashboard', () => {
  it('counts orders by status, and revenue by India’s days, leaving cancelled orders out', async () => {
    const before = await dashboard();
    expect(before.today).toBe(shopDayPlus(new Date(), 0));

    const kept = await order(499, 2); // ₹998, today
    const cancelled = await order(1000); // ₹1000, today, then cancelled
    expect((await cancel(cancelled._id)).statusCode).toBe(200);
    const shipped = await order(250.5);
    await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: `/api/v1/admin/orders/${shipped._id}/status`,
        payload: { status: 'shipped' },
      }),
    );
    // The last instant of yesterday in India: in the 7 days, not today.
    const yesterday = await order(300);
    await placedAt(yesterday._id, new Date(shopDayStart(before.today).getTime() - 1));
    // The first instant of the 7th day back: in; one instant earlier: out.
    const weekStart = shopDayStart(shopDayPlus(new Date(), -6));
    const oldest = await order(70);
    await placedAt(oldest._id, weekStart);
    const tooOld = await order(5000);
    await placedAt(tooOld._id, new Date(weekStart.getTime() - 1));

    const after = await dashboard();
    expect(after.ordersByStatus).toEqual({
      'awaiting-payment': before.ordersByStatus['awaiting-payment'],
      pending: before.ordersByStatus.pending + 4,
      shipped: before.ordersByStatus.shipped + 1,
      delivered: before.ordersByStatus.delivered,
      cancelled: before.ordersByStatus.cancelled + 1,
    });
    expect(after.revenue.today).toBeCloseTo(before.revenue.today + kept.totalPrice + 250.5, 2);
    expect(after.revenue.last7Days).toBeCloseTo(
      before.revenue.last7Days + kept.totalPrice + 250.5 + 300 + 70,
      2,
    );
    expect(after.orders).toEqual({
      today: before.orders.today + 2,
      last7Days: before.orders.last7Days + 4,
    });
    expect(kept.totalPrice).toBe(998);
  });

  it('lists sizes on sale with 5 or fewer units, fewest first, each naming its colour, and nothing archived', async () => {
    const low = await createProduct(t.db, {
      title: 'Aaa Low Tee',
      stock: { XS: 6, S: 0, M: 5, XL: 1 },
      color: { name: 'Navy', hex: '#1e3a5f' },
    });
    const archived = await createProduct(t.db, { title: 'Aaa Archived Tee', stock: { M: 0 } });
    await archiveProduct(t.db, archived);
    const result = await dashboard();
    expect(result.lowStockThreshold).toBe(5);
    const mine = result.lowStock.filter((line) => line.productId === low);
    expect(mine).toEqual([
      { productId: low, title: 'Aaa Low Tee', color: 'Navy', size: 'S', stock: 0 },
      { productId: low, title: 'Aaa Low Tee', color: 'Navy', size: 'XL', stock: 1 },
      { productId: low, title: 'Aaa Low Tee', color: 'Navy', size: 'M', stock: 5 },
    ]);
    expect(result.lowStock.some((line) => line.productId === archived)).toBe(false);
    const stocks = result.lowStock.map((line) => line.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(result.lowStock.every((line) => line.stock <= 5)).toBe(true);
    expect(result.lowStockTotal).toBeGreaterThanOrEqual(result.lowStock.length);
  });

  it('shows sizes running low after orders take their stock', async () => {
    const product = await createProduct(t.db, { title: 'Nearly Gone Tee', stock: { L: 7 } });
    const lowBefore = (await dashboard()).lowStock.filter((line) => line.productId === product);
    expect(lowBefore).toEqual([]);
    const shopper = await signUp(t.app);
    await addAddress(t.app, shopper);
    await addLine(t.app, shopper, product, 'L', 3);
    await expectResult(t.app, checkoutRequest(shopper), OrderSchema, 201);
    const lowAfter = (await dashboard()).lowStock.filter((line) => line.productId === product);
    expect(lowAfter).toEqual([
      { productId: product, title: 'Nearly Gone Tee', color: 'White', size: 'L', stock: 4 },
    ]);
  });
});
