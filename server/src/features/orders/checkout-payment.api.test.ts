import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CartItemSchema, OrderSchema } from '#contract';
import type { TestGateway } from '#server/features/payments/payment-provider.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest, stockOf } from '#server-test/checkout-fixtures.ts';
import { recordingGateway } from '#server-test/gateway.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { signUp } from '#server-test/users.ts';

/**
 * A checkout that fails after the card was approved must void the approval
 * (issue 10, item 4): the failures here are the database's own, raised by
 * triggers this file adds to its own database.
 */

let gateway: TestGateway;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ paymentProvider: (db) => (gateway = recordingGateway(db)) });
  await t.db.execute(
    sql.raw(`create function refuse_row() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test' using errcode = 'P0001'; end $$`),
  );
});
afterAll(() => t.close());

const card = (name: string, save: boolean) => ({
  name,
  number: '4111111111111111',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 1,
  cvv: '737',
  save,
});

/** A shopper with an address and 2 of a fresh product (5 in stock) in the cart. */
async function readyShopper() {
  const user = await signUp(t.app);
  const productId = await createProduct(t.db, { price: 499, stock: { M: 5 } });
  await addAddress(t.app, user);
  await addLine(t.app, user, productId, 'M', 2);
  return { user, productId };
}

const ordersOf = (user: Awaited<ReturnType<typeof signUp>>) =>
  expectResult(t.app, { url: '/api/v1/order/history', headers: user.auth }, z.array(OrderSchema));
const cartOf = (user: Awaited<ReturnType<typeof signUp>>) =>
  expectResult(t.app, { url: '/api/v1/cart/get-all', headers: user.auth }, z.array(CartItemSchema));

describe('a checkout that fails after the payment was approved', () => {
  it.each([
    ['writing the order’s items', 'order_items', 'product_id'],
    ['saving the card', 'saved_cards', 'name'],
  ])('voids the approval when %s fails, placing nothing', async (_, table, column) => {
    const { user, productId } = await readyShopper();
    const holder = `Holder ${productId}`;
    const match = column === 'product_id' ? productId : holder;
    await t.db.execute(
      sql.raw(`create trigger refuse_${table}_${productId.replaceAll('-', '')}
        before insert on ${table} for each row when (new.${column}::text = '${match}')
        execute function refuse_row()`),
    );
    const approvalsBefore = gateway.authorizations.length;

    const failure = await expectFailure(
      t.app,
      checkoutRequest(user, { paymentMethod: 'debit-card', card: card(holder, true) }),
      500,
    );

    expect(failure.message).toBe('Something went wrong on our side. Please try again.');
    const approvals = gateway.authorizations.slice(approvalsBefore);
    expect(approvals).toEqual([
      { id: expect.any(String), method: 'debit-card', amountPaise: 97_305, status: 'voided' },
    ]);
    expect(await ordersOf(user)).toEqual([]);
    expect(await stockOf(t.db, productId, 'M')).toBe(5);
    expect(await cartOf(user)).toMatchObject([
      { productId: { _id: productId }, size: 'M', quantity: 2 },
    ]);
  });

  it('keeps the approval of a checkout that succeeds', async () => {
    const { user, productId } = await readyShopper();
    const approvalsBefore = gateway.authorizations.length;
    await expectResult(
      t.app,
      checkoutRequest(user, { paymentMethod: 'debit-card', card: card('Asha Rao', false) }),
      OrderSchema,
      201,
    );
    expect(gateway.authorizations.slice(approvalsBefore)).toMatchObject([
      { amountPaise: 97_305, status: 'approved' },
    ]);
    expect(await stockOf(t.db, productId, 'M')).toBe(3);
  });
});
