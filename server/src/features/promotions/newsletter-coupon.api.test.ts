import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CartOptionsSchema,
  COUPON_ALREADY_USED_MESSAGE,
  NEWSLETTER_DISCOUNT_PERCENT,
  NEWSLETTER_LINK_INVALID,
  OrderSchema,
  QuoteSchema,
} from '#contract';
import type { TestApp } from '#server-test/app.ts';
import { createTestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { findLinkTokens, findMessagesTo } from '#server-test/outbox.ts';
import { signUp } from '#server-test/users.ts';

/** 'Subscribe & Get 20% Off' kept (issue 27): a confirmed subscription is mailed a single-use code. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const subscribe = (email: string) =>
  expectResult(
    t.app,
    { method: 'POST', url: '/api/v1/newsletter', payload: { email } },
    z.null(),
    201,
  );
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token } });
describe('the newsletter’s discount code', () => {
  it('is mailed once the subscription is confirmed, and takes 20% off one order', async () => {
    const email = `news-${randomUUID()}@example.com`;
    await subscribe(email);
    await subscribe(email.toUpperCase());
    expect((await findMessagesTo(t.db, email)).map((message) => message.kind)).toEqual([
      'newsletter-confirm',
    ]);
    const [token] = await findLinkTokens(t.db, email, 'newsletter-confirm');
    if (!token) throw new Error('A confirmation link');

    expect((await confirm(token)).statusCode).toBe(201);
    const again = await expectFailure(
      t.app,
      { method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token } },
      400,
    );
    expect(again.message).toBe(NEWSLETTER_LINK_INVALID);
    const mails = await findMessagesTo(t.db, email);
    const couponMails = mails.filter((message) => message.kind === 'newsletter-coupon');
    expect(couponMails).toHaveLength(1);
    const code = /WELCOME-[0-9A-F]{10}/.exec(couponMails[0]?.text ?? '')?.[0];
    if (!code) throw new Error('A code in the email');
    expect(couponMails[0]?.subject).toContain(`${NEWSLETTER_DISCOUNT_PERCENT}%`);

    const shopper = await signUp(t.app);
    const productId = await createProduct(t.db, { price: 1_000, stock: { M: 10 } });
    await addLine(t.app, shopper, productId, 'M');
    await addAddress(t.app, shopper);
    await expectResult(
      t.app,
      {
        method: 'PUT',
        url: '/api/v1/cart/options',
        headers: shopper.auth,
        payload: { couponCode: code },
      },
      CartOptionsSchema,
    );
    const order = await expectResult(
      t.app,
      checkoutRequest(shopper, { paymentMethod: 'cash' }),
      OrderSchema,
      201,
    );
    expect(order).toMatchObject({ discount: 200, totalPrice: 800 });
    await addLine(t.app, shopper, productId, 'M');
    const quote = await expectResult(
      t.app,
      { url: `/api/v1/cart/quote?couponCode=${code}`, headers: shopper.auth },
      QuoteSchema,
    );
    expect(quote.couponError).toBe(COUPON_ALREADY_USED_MESSAGE);
  });
});
