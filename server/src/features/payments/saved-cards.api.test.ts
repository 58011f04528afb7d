import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OrderSchema, SAVED_CARD_CVV_MESSAGE, SavedCardSchema } from '#contract';
import { savedCards } from '#server/db/schema/payments.ts';
import { CVV_MISMATCH, type TestGateway } from '#server/features/payments/payment-provider.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import {
  addAddress,
  addLine,
  checkoutRequest,
  visaCardAsTyped,
} from '#server-test/checkout-fixtures.ts';
import { createRecordingApp } from '#server-test/gateway.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

/** Issue 13, section 5: a card saved at checkout is offered again and charged by token + CVV. */

let gateway: TestGateway;
let t: TestApp;
beforeAll(async () => {
  ({ t, gateway } = await createRecordingApp());
});
afterAll(() => t.close());

const card = visaCardAsTyped;

/** The shopper's cart holds one fresh product, ready to check out. */
async function fillCart(user: SignedUp) {
  const productId = await createProduct(t.db, { price: 499, stock: { M: 5 } });
  await addLine(t.app, user, productId, 'M', 1);
}

const cardsOf = (user: SignedUp) =>
  expectResult(
    t.app,
    { url: '/api/v1/payment/cards', headers: user.auth },
    z.array(SavedCardSchema),
  );

/** A shopper with an address who paid once with 4242…, ticking 'Save this card'. */
async function shopperWithSavedCard() {
  const user = await signUp(t.app);
  await addAddress(t.app, user);
  await fillCart(user);
  await expectResult(
    t.app,
    checkoutRequest(user, { paymentMethod: 'debit-card', card: { ...card, save: true } }),
    OrderSchema,
    201,
  );
  const [saved] = await cardsOf(user);
  if (!saved) throw new Error('the card was not saved');
  await fillCart(user);
  return { user, saved };
}

const payWithSaved = (user: SignedUp, savedCardId: string, cvv?: string) =>
  checkoutRequest(user, { paymentMethod: 'debit-card', savedCardId, cvv });

describe('GET /api/v1/payment/cards', () => {
  it('lists a card saved at checkout by brand, last 4 and expiry: never number or token', async () => {
    const { user, saved } = await shopperWithSavedCard();
    expect(saved).toEqual({
      _id: expect.any(String),
      name: 'Asha Shopper',
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: card.expYear,
    });
    const raw = JSON.stringify(
      (await call(t.app, { url: '/api/v1/payment/cards', headers: user.auth })).body,
    );
    expect(raw).not.toContain('4242424242424242');
    expect(raw).not.toContain('tok_');
  });

  it('lists nothing for a card not saved, nor another shopper’s', async () => {
    await shopperWithSavedCard();
    const other = await signUp(t.app);
    await addAddress(t.app, other);
    await fillCart(other);
    await expectResult(
      t.app,
      checkoutRequest(other, { paymentMethod: 'debit-card', card }),
      OrderSchema,
      201,
    );
    expect(await cardsOf(other)).toEqual([]);
  });

  it('needs a signed-in shopper', async () => {
    await expectFailure(t.app, { url: '/api/v1/payment/cards' }, 401);
  });
});

describe('paying with a saved card', () => {
  it('charges it by token with the CVV alone', async () => {
    const { user, saved } = await shopperWithSavedCard();
    const order = await expectResult(t.app, payWithSaved(user, saved._id, '737'), OrderSchema, 201);
    expect(order.paymentMethod).toBe('debit-card');
    expect(order.card).toEqual({ brand: 'Visa', last4: '4242' });
    expect(gateway.authorizations.at(-1)).toMatchObject({
      method: 'debit-card',
      amountPaise: expect.any(Number),
      status: 'approved',
    });
  });

  it('refuses a wrong CVV with 402, placing nothing', async () => {
    const { user, saved } = await shopperWithSavedCard();
    const approvals = gateway.authorizations.length;
    const failure = await expectFailure(t.app, payWithSaved(user, saved._id, '123'), 402);
    expect(failure.message).toBe(CVV_MISMATCH);
    expect(gateway.authorizations).toHaveLength(approvals);
    expect(
      await expectResult(
        t.app,
        { url: '/api/v1/order/history', headers: user.auth },
        z.array(OrderSchema),
      ),
    ).toHaveLength(1);
  });

  it('asks for the CVV', async () => {
    const { user, saved } = await shopperWithSavedCard();
    const failure = await expectFailure(t.app, payWithSaved(user, saved._id), 400);
    expect(failure.message).toBe(SAVED_CARD_CVV_MESSAGE);
  });

  it('does not know another shopper’s card (404)', async () => {
    const { saved } = await shopperWithSavedCard();
    const thief = await signUp(t.app);
    await addAddress(t.app, thief);
    await fillCart(thief);
    const failure = await expectFailure(t.app, payWithSaved(thief, saved._id, '737'), 404);
    expect(failure.message).toBe('Saved card not found');
    await expectFailure(t.app, payWithSaved(thief, 'not-a-uuid', '737'), 404);
  });
});

describe('DELETE /api/v1/payment/cards/:id', () => {
  it('removes the card: no longer listed nor chargeable', async () => {
    const { user, saved } = await shopperWithSavedCard();
    const remove = {
      method: 'DELETE' as const,
      url: `/api/v1/payment/cards/${saved._id}`,
      headers: user.auth,
    };
    expect(await expectResult(t.app, remove, z.null())).toBeNull();
    expect(await cardsOf(user)).toEqual([]);
    await expectFailure(t.app, remove, 404);
    await expectFailure(t.app, payWithSaved(user, saved._id, '737'), 404);
  });

  it('leaves another shopper’s card alone (404)', async () => {
    const { user, saved } = await shopperWithSavedCard();
    const other = await signUp(t.app);
    await expectFailure(
      t.app,
      { method: 'DELETE', url: `/api/v1/payment/cards/${saved._id}`, headers: other.auth },
      404,
    );
    expect(await cardsOf(user)).toHaveLength(1);
    expect(await t.db.select().from(savedCards).where(eq(savedCards.id, saved._id))).toHaveLength(
      1,
    );
  });
});
