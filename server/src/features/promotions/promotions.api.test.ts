import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AdminCouponSchema,
  CartOptionsSchema,
  COUPON_ALREADY_USED_MESSAGE,
  COUPON_CODE_TAKEN_MESSAGE,
  COUPON_EXPIRED_MESSAGE,
  COUPON_FIRST_ORDER_ONLY_MESSAGE,
  COUPON_NOT_STARTED_MESSAGE,
  COUPON_USED_UP_MESSAGE,
  couponDefaultKeptMessage,
  couponMinimumOrderMessage,
  OrderSchema,
  QuoteSchema,
} from '#contract';
import { asUser } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

/** The owner's coupons and what the cart and checkout make of them (issue 27). */

const URL = '/api/v1/admin/coupons';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createTestAppWithAdmin>>['admin'];
/** A ₹1,000 tee with plenty of stock. */
let productId = '';

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  productId = await createProduct(t.db, { price: 1_000, stock: { M: 100 } });
});
afterAll(async () => {
  await t?.close();
});

const uniqueCode = (prefix = 'SALE') => `${prefix}${randomUUID().slice(0, 8)}`.toUpperCase();
const rules = { description: 'Diwali sale', kind: 'percent', value: 10 };

const createCoupon = (payload: object) =>
  expectResult(t.app, asUser(admin, { method: 'POST', url: URL, payload }), AdminCouponSchema, 201);
const listCoupons = () =>
  expectResult(t.app, asUser(admin, { url: URL }), z.array(AdminCouponSchema));
const couponNamed = async (code: string) => (await listCoupons()).find((c) => c.code === code);

/** A shopper with a ₹1,000 line and an address, ready to check out. */
async function shopperWithCart(quantity = 1): Promise<SignedUp> {
  const shopper = await signUp(t.app);
  await addLine(t.app, shopper, productId, 'M', quantity);
  await addAddress(t.app, shopper);
  return shopper;
}
const quoteWith = (shopper: SignedUp, code: string) =>
  expectResult(
    t.app,
    { url: `/api/v1/cart/quote?couponCode=${code}`, headers: shopper.auth },
    QuoteSchema,
  );
const chooseCoupon = (shopper: SignedUp, couponCode: string) =>
  expectResult(
    t.app,
    { method: 'PUT', url: '/api/v1/cart/options', headers: shopper.auth, payload: { couponCode } },
    CartOptionsSchema,
  );
const checkOut = (shopper: SignedUp) =>
  expectResult(t.app, checkoutRequest(shopper, { paymentMethod: 'cash' }), OrderSchema, 201);

describe('/api/v1/admin/coupons', () => {
  it('answers 401 without a session and 403 to a shopper, for all four calls', async () => {
    const shopper = await signUp(t.app);
    const calls = [
      { method: 'GET', url: URL },
      { method: 'POST', url: URL, payload: { code: uniqueCode(), ...rules } },
      { method: 'PUT', url: `${URL}/MAX500`, payload: rules },
      { method: 'DELETE', url: `${URL}/MAX500` },
    ] as const;
    for (const call of calls) {
      await expectFailure(t.app, call, 401);
      await expectFailure(t.app, asUser(shopper, call), 403);
    }
  });

  it('lists the default MAX500 with its rules (D10)', async () => {
    expect(await couponNamed('MAX500')).toMatchObject({
      kind: 'percent',
      value: 2.5,
      maxDiscount: 500,
      minOrder: 0,
      usageLimit: null,
      active: true,
    });
  });

  it('creates a coupon in capitals, and refuses the same code in any case with 409', async () => {
    const code = uniqueCode();
    const created = await createCoupon({
      code: ` ${code.toLowerCase()} `,
      description: 'Flat ₹150 off',
      kind: 'flat',
      value: 150,
      minOrder: 999,
      usageLimit: 5,
      perCustomerLimit: 1,
      firstOrderOnly: true,
    });
    expect(created).toEqual({
      code,
      description: 'Flat ₹150 off',
      kind: 'flat',
      value: 150,
      minOrder: 999,
      maxDiscount: null,
      startsAt: null,
      endsAt: null,
      usageLimit: 5,
      perCustomerLimit: 1,
      firstOrderOnly: true,
      active: true,
      uses: 0,
      discountGiven: 0,
      revenue: 0,
    });
    expect(await couponNamed(code)).toEqual(created);
    const taken = await expectFailure(
      t.app,
      asUser(admin, {
        method: 'POST',
        url: URL,
        payload: { code: code.toLowerCase(), ...rules },
      }),
      409,
    );
    expect(taken.message).toBe(COUPON_CODE_TAKEN_MESSAGE);
  });

  it.each([
    ['a percentage above 100', { kind: 'percent', value: 150 }, 'value'],
    ['a value of 0', { value: 0 }, 'value'],
    ['an unknown kind', { kind: 'bogo' }, 'kind'],
    [
      'an end before its start',
      { startsAt: '2026-12-10T00:00:00.000Z', endsAt: '2026-12-01T00:00:00.000Z' },
      'endsAt',
    ],
    ['a usage limit of 0', { usageLimit: 0 }, 'usageLimit'],
    ['a code with a space', { code: 'DIWALI SALE' }, 'code'],
  ])('refuses %s with 400', async (_, change, field) => {
    const failure = await expectFailure(
      t.app,
      asUser(admin, {
        method: 'POST',
        url: URL,
        payload: { code: uniqueCode(), ...rules, ...change },
      }),
      400,
    );
    expect(failure.errors?.map((error) => error.field)).toContain(field);
  });

  it('replaces a coupon’s rules, deletes it, and answers 404 for an unknown code', async () => {
    const code = uniqueCode();
    await createCoupon({ code, ...rules });
    const changed = await expectResult(
      t.app,
      asUser(admin, {
        method: 'PUT',
        url: `${URL}/${code.toLowerCase()}`,
        payload: { ...rules, value: 20, maxDiscount: 300, active: false },
      }),
      AdminCouponSchema,
    );
    expect(changed).toMatchObject({ code, value: 20, maxDiscount: 300, active: false });
    await expectResult(t.app, asUser(admin, { method: 'DELETE', url: `${URL}/${code}` }), z.null());
    expect(await couponNamed(code)).toBeUndefined();
    await expectFailure(t.app, asUser(admin, { method: 'DELETE', url: `${URL}/${code}` }), 404);
    await expectFailure(
      t.app,
      asUser(admin, { method: 'PUT', url: `${URL}/${code}`, payload: rules }),
      404,
    );
  });

  it('keeps MAX500, every new cart’s code: deleting it is a 409 (D10)', async () => {
    const failure = await expectFailure(
      t.app,
      asUser(admin, { method: 'DELETE', url: `${URL}/max500` }),
      409,
    );
    expect(failure.message).toBe(couponDefaultKeptMessage('MAX500'));
    expect(await couponNamed('MAX500')).toBeDefined();
  });
});

describe('the cart says why a coupon does not apply', () => {
  const day = 24 * 60 * 60 * 1000;

  it.each([
    [
      'not started',
      { startsAt: new Date(Date.now() + day).toISOString() },
      COUPON_NOT_STARTED_MESSAGE,
    ],
    ['expired', { endsAt: new Date(Date.now() - day).toISOString() }, COUPON_EXPIRED_MESSAGE],
    ['below the minimum', { minOrder: 1_500 }, couponMinimumOrderMessage(1_500)],
  ])('%s', async (_, change, message) => {
    const code = uniqueCode();
    await createCoupon({ code, ...rules, ...change });
    const shopper = await shopperWithCart();
    expect(await quoteWith(shopper, code)).toMatchObject({
      coupon: null,
      couponError: message,
      discount: 0,
      total: 1_000,
    });
  });

  it('used up, already used by you, first order only: counted from orders at checkout', async () => {
    const once = uniqueCode('ONCE');
    const mine = uniqueCode('MINE');
    const first = uniqueCode('FIRST');
    await createCoupon({ code: once, ...rules, usageLimit: 1 });
    await createCoupon({ code: mine, ...rules, perCustomerLimit: 1 });
    await createCoupon({ code: first, ...rules, firstOrderOnly: true });

    const buyer = await shopperWithCart();
    expect(await quoteWith(buyer, once)).toMatchObject({ couponError: null, discount: 100 });
    await chooseCoupon(buyer, once);
    const order = await checkOut(buyer);
    expect(order).toMatchObject({ discount: 100, totalPrice: 900 });

    const other = await shopperWithCart();
    expect(await quoteWith(other, once)).toMatchObject({ couponError: COUPON_USED_UP_MESSAGE });

    await addLine(t.app, buyer, productId, 'M');
    expect(await quoteWith(buyer, mine)).toMatchObject({ couponError: null });
    await chooseCoupon(buyer, mine);
    await checkOut(buyer);
    await addLine(t.app, buyer, productId, 'M');
    expect(await quoteWith(buyer, mine)).toMatchObject({
      couponError: COUPON_ALREADY_USED_MESSAGE,
    });
    expect(await quoteWith(buyer, first)).toMatchObject({
      couponError: COUPON_FIRST_ORDER_ONLY_MESSAGE,
    });
    expect(await quoteWith(other, first)).toMatchObject({ couponError: null, discount: 100 });
    const refused = await expectFailure(
      t.app,
      {
        method: 'PUT',
        url: '/api/v1/cart/options',
        headers: buyer.auth,
        payload: { couponCode: first },
      },
      400,
    );
    expect(refused.message).toBe(COUPON_FIRST_ORDER_ONLY_MESSAGE);

    expect(await couponNamed(once)).toMatchObject({ uses: 1, discountGiven: 100, revenue: 900 });
    expect(await couponNamed(mine)).toMatchObject({ uses: 1, discountGiven: 100, revenue: 900 });
  });

  it('refuses with 409 a checkout whose coupon was used up since the quote', async () => {
    const code = uniqueCode('LAST');
    await createCoupon({ code, ...rules, usageLimit: 1 });
    const [late, early] = [await shopperWithCart(), await shopperWithCart()];
    await chooseCoupon(late, code);
    await chooseCoupon(early, code);
    await checkOut(early);
    const failure = await expectFailure(
      t.app,
      checkoutRequest(late, { paymentMethod: 'cash' }),
      409,
    );
    expect(failure.message).toBe(COUPON_USED_UP_MESSAGE);
    expect(await couponNamed(code)).toMatchObject({ uses: 1 });
  });
});
