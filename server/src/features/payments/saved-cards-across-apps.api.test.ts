import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OrderSchema, SavedCardSchema } from '#contract';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/env.ts';
import { testGatewayCards } from '#server/db/schema/payments.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import {
  addAddress,
  addLine,
  checkoutRequest,
  visaCardAsTyped,
} from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { CVV_MISMATCH } from './payment-provider.ts';

/**
 * Issue 25, saved cards: the built-in test gateway keeps its cards in the
 * database, so a card saved through one process is charged by another, and
 * after a restart (each app here runs the default gateway, as a process does).
 */

let t: TestApp;
/** A second shop process on the same database. */
let other: FastifyInstance;
const config = () =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_HASH_COST: 'test' });
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: config(), database: t.database });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const card = visaCardAsTyped;

async function fillCart(app: FastifyInstance, user: SignedUp) {
  const productId = await createProduct(t.db, { price: 499, stock: { M: 5 } });
  await addLine(app, user, productId, 'M', 1);
}

/** Pays once through `app`, ticking 'Save this card', and answers the saved card's id. */
async function saveCardThrough(app: FastifyInstance) {
  const user = await signUp(app);
  await addAddress(app, user);
  await fillCart(app, user);
  await expectResult(
    app,
    checkoutRequest(user, { paymentMethod: 'debit-card', card: { ...card, save: true } }),
    OrderSchema,
    201,
  );
  const [saved] = await expectResult(
    app,
    { url: '/api/v1/payment/cards', headers: user.auth },
    z.array(SavedCardSchema),
  );
  if (!saved) throw new Error('the card was not saved');
  return { user, savedCardId: saved._id };
}

const payWithSaved = (user: SignedUp, savedCardId: string, cvv: string) =>
  checkoutRequest(user, { paymentMethod: 'debit-card', savedCardId, cvv });

describe('the test gateway’s saved cards', () => {
  it('charges on another process a card saved on one', async () => {
    const { user, savedCardId } = await saveCardThrough(t.app);
    await fillCart(other, user);
    const order = await expectResult(
      other,
      payWithSaved(user, savedCardId, '737'),
      OrderSchema,
      201,
    );
    expect(order.card).toEqual({ brand: 'Visa', last4: '4242' });
  });

  it('checks the CVV on another process too (402 when wrong)', async () => {
    const { user, savedCardId } = await saveCardThrough(other);
    await fillCart(t.app, user);
    const failure = await expectFailure(t.app, payWithSaved(user, savedCardId, '738'), 402);
    expect(failure.message).toBe(CVV_MISMATCH);
  });

  it('charges it after the shop restarts', async () => {
    const { user, savedCardId } = await saveCardThrough(t.app);
    const restarted = await buildApp({ config: config(), database: t.database });
    try {
      await fillCart(restarted, user);
      await expectResult(restarted, payWithSaved(user, savedCardId, '737'), OrderSchema, 201);
    } finally {
      await restarted.close();
    }
  });

  it('keeps neither the card number nor the CVV', async () => {
    await saveCardThrough(t.app);
    const kept = JSON.stringify(await t.db.select().from(testGatewayCards));
    expect(kept).toContain('4242');
    expect(kept).not.toContain('4242424242424242');
    expect(kept).not.toMatch(/"737"|:737\b/);
  });
});
