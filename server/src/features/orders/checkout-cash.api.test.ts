import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSchema, PaymentSettingsSchema, QuoteSchema } from '#contract';
import { asUser } from '#server-test/admin-fixtures.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest, stockOf } from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

/**
 * Cash on delivery within the owner's rules (issue 25): above the limit (the
 * total before the fee) or turned off, checkout refuses cash naming the
 * limit; the fee is in the quote, the total charged and the order.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app, t.db);
});
afterAll(() => t.close());

const setRules = (codEnabled: boolean, codMaxOrder: number, codFee: number) =>
  expectResult(
    t.app,
    asUser(admin, {
      method: 'PUT',
      url: '/api/v1/admin/settings/payments',
      payload: { codEnabled, codMaxOrder, codFee },
    }),
    PaymentSettingsSchema,
  );

const quoteOf = (user: SignedUp, query = '') =>
  expectResult(t.app, { url: `/api/v1/cart/quote${query}`, headers: user.auth }, QuoteSchema);

const card = {
  name: 'Asha Rao',
  number: '4111111111111111',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 1,
  cvv: '737',
};

/** A shopper with an address and `quantity` of a fresh ₹`price` product in the cart (MAX500 applied). */
async function readyShopper(price: number, quantity = 1) {
  const user = await signUp(t.app);
  const productId = await createProduct(t.db, { price, stock: { M: 10 } });
  await addAddress(t.app, user);
  await addLine(t.app, user, productId, 'M', quantity);
  return { user, productId };
}

describe('cash on delivery at checkout', () => {
  it('takes cash exactly at the limit, and refuses it one paisa above, naming the limit', async () => {
    await setRules(true, 5000, 0);
    const atLimit = await readyShopper(2500, 2);
    const { total } = await quoteOf(atLimit.user, '?paymentMethod=cash');
    await setRules(true, total, 0);

    const order = await expectResult(
      t.app,
      checkoutRequest(atLimit.user, { paymentMethod: 'cash' }),
      OrderSchema,
      201,
    );
    expect(order).toMatchObject({ paymentMethod: 'cash', totalPrice: total, codFee: 0 });

    const above = await readyShopper(2500, 2);
    await setRules(true, total - 0.01, 0);
    const limit = (total - 0.01).toLocaleString('en-IN', { maximumFractionDigits: 2 });
    const failure = await expectFailure(
      t.app,
      checkoutRequest(above.user, { paymentMethod: 'cash' }),
      400,
    );
    expect(failure.message).toBe(`Cash on delivery is available on orders up to ₹${limit}`);
    expect(failure.errors).toEqual([{ field: 'paymentMethod', message: failure.message }]);
    expect(await stockOf(t.db, above.productId, 'M')).toBe(10);
    // The spec's client sends no payment method, which means cash (D12): refused the same way.
    await expectFailure(t.app, checkoutRequest(above.user, {}), 400);
    // A card pays for the same order.
    await expectResult(
      t.app,
      checkoutRequest(above.user, { paymentMethod: 'debit-card', card }),
      OrderSchema,
      201,
    );
  });

  it('refuses cash over ₹5,000 by default', async () => {
    await setRules(true, 5000, 0);
    const { user } = await readyShopper(5200);
    const quote = await quoteOf(user);
    expect(quote.cashOnDelivery).toEqual({
      available: false,
      fee: 0,
      unavailableReason: 'Cash on delivery is available on orders up to ₹5,000',
    });
    const failure = await expectFailure(
      t.app,
      checkoutRequest(user, { paymentMethod: 'cash' }),
      400,
    );
    expect(failure.message).toBe('Cash on delivery is available on orders up to ₹5,000');
  });

  it('refuses cash when the owner turned it off', async () => {
    await setRules(false, 5000, 0);
    const { user } = await readyShopper(499);
    expect((await quoteOf(user)).cashOnDelivery).toMatchObject({
      available: false,
      unavailableReason: 'Cash on delivery is not available at the moment',
    });
    const failure = await expectFailure(
      t.app,
      checkoutRequest(user, { paymentMethod: 'cash' }),
      400,
    );
    expect(failure.message).toBe('Cash on delivery is not available at the moment');
    await setRules(true, 5000, 0);
  });

  it('charges the fee for cash: quoted, in the total, on the order and in its email', async () => {
    await setRules(true, 5000, 49.5);
    const { user } = await readyShopper(1000);
    const withoutMethod = await quoteOf(user);
    const cashQuote = await quoteOf(user, '?paymentMethod=cash');
    const cardQuote = await quoteOf(user, '?paymentMethod=debit-card');
    expect(withoutMethod).toMatchObject({ codFee: 0, total: 975 });
    expect(cardQuote).toMatchObject({ codFee: 0, total: 975 });
    expect(cashQuote).toMatchObject({
      codFee: 49.5,
      total: 1024.5,
      cashOnDelivery: { available: true, fee: 49.5, unavailableReason: null },
    });

    const order = await expectResult(
      t.app,
      checkoutRequest(user, { paymentMethod: 'cash' }),
      OrderSchema,
      201,
    );
    expect(order).toMatchObject({ subtotal: 1000, discount: 25, codFee: 49.5, totalPrice: 1024.5 });
    const stored = await expectResult(
      t.app,
      { url: `/api/v1/order/${order._id}`, headers: user.auth },
      OrderSchema,
    );
    expect(stored).toMatchObject({ codFee: 49.5, totalPrice: 1024.5 });
    const [email] = (await findMessagesTo(t.db, user.email)).filter(
      (message) => message.kind === 'order-placed',
    );
    expect(email?.text).toContain('Cash on delivery fee: ₹49.50');
    expect(email?.text).toContain('Total: ₹1,024.50');
    await setRules(true, 5000, 0);
  });

  it('charges no fee for a card, and the limit is on the total before the fee', async () => {
    await setRules(true, 975, 100);
    const byCard = await readyShopper(1000);
    const cardOrder = await expectResult(
      t.app,
      checkoutRequest(byCard.user, { paymentMethod: 'debit-card', card }),
      OrderSchema,
      201,
    );
    expect(cardOrder).toMatchObject({ codFee: 0, totalPrice: 975 });
    // ₹975 before the fee is within the ₹975 limit, though ₹1,075 with it.
    const byCash = await readyShopper(1000);
    const cashOrder = await expectResult(
      t.app,
      checkoutRequest(byCash.user, { paymentMethod: 'cash' }),
      OrderSchema,
      201,
    );
    expect(cashOrder).toMatchObject({ codFee: 100, totalPrice: 1075 });
    await setRules(true, 5000, 0);
  });
});
