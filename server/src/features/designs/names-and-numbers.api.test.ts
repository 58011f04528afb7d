import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CartItemSchema, type Design, OrderSchema } from '#contract';
import { unprintableNameMessage } from '#contract/names-and-numbers';
import type { ProductCustomisationColumns } from '#server/db/schema/catalogue.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

/** Names and numbers (issue 29): each piece's lettering is priced, printed and checked. */

let t: TestApp;
let admin: SignedUp;

// A small back keeps the print files quick to draw.
const TEE: ProductCustomisationColumns = {
  customisable: true,
  printAreas: {
    front: { xMm: 150, yMm: 150, widthMm: 100, heightMm: 100 },
    back: { xMm: 150, yMm: 120, widthMm: 100, heightMm: 120 },
  },
  decorationFrontPaise: 15_000,
  decorationBackPaise: 12_000,
};

/** A crest on the front; the back carries only each piece's name and number. */
const TEAM: Design = {
  front: [
    {
      id: 'crest',
      type: 'text',
      text: 'TIGERS',
      fontId: 'inter',
      colorId: 'red',
      fontSizeMm: 12,
      bold: true,
      italic: false,
      align: 'center',
      arcDegrees: 0,
      xMm: 50,
      yMm: 50,
      rotationDeg: 0,
    },
  ],
  back: [],
  namesAndNumbers: { fontId: 'inter', colorId: 'navy' },
};

const createMany = (user: SignedUp, payload: object) =>
  expectResult(
    t.app,
    { method: 'POST', url: '/api/v1/cart/create-many', headers: user.auth, payload },
    z.array(CartItemSchema),
    201,
  );

const printFile = (orderId: string, itemId: string, side: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/orders/${orderId}/items/${itemId}/print/${side}`,
    headers: admin.auth,
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app, t.db);
});
afterAll(() => t.close());

describe('names and numbers', () => {
  it('prices a personalised piece with its back printed, and prints each piece’s own back', async () => {
    const productId = await createProduct(t.db, {
      price: 499,
      stock: { M: 5 },
      customisation: TEE,
    });
    const shopper = await signUp(t.app);
    const cart = await createMany(shopper, {
      productId,
      design: TEAM,
      roster: [
        { size: 'M', name: 'ASHA', number: 7 },
        { size: 'M', name: 'RAVI', number: 7 },
      ],
    });
    // ₹499 + ₹150 front + ₹120 back: the lettering is a printed back.
    expect(cart.map((line) => line.unitPrice)).toEqual([769, 769]);

    await addAddress(t.app, shopper);
    const order = await expectResult(
      t.app,
      checkoutRequest(shopper, { paymentMethod: 'cash' }),
      OrderSchema,
      201,
    );
    expect(order.items.map((item) => item.price)).toEqual([769, 769]);
    const [asha, ravi] = order.items;
    if (!asha || !ravi) throw new Error('Two pieces expected');
    const backs = [];
    for (const item of [asha, ravi]) {
      const response = await printFile(order._id, item._id, 'back');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      backs.push(response.rawPayload);
    }
    expect(backs[0]?.equals(backs[1] ?? Buffer.alloc(0))).toBe(false);
    const fronts = [];
    for (const item of [asha, ravi]) {
      fronts.push((await printFile(order._id, item._id, 'front')).rawPayload);
    }
    expect(fronts[0]?.equals(fronts[1] ?? Buffer.alloc(0))).toBe(true);
  });

  it('refuses a roster name its lettering cannot print, naming the row', async () => {
    const productId = await createProduct(t.db, {
      price: 499,
      stock: { M: 5 },
      customisation: TEE,
    });
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/cart/create-many',
        headers: shopper.auth,
        payload: {
          productId,
          design: TEAM,
          roster: [
            { size: 'M', name: 'ASHA', number: 7 },
            { size: 'M', name: 'SNOW☃', number: 8 },
          ],
        },
      },
      400,
    );
    expect(failure.message).toBe(`Row 2: ${unprintableNameMessage('☃')}`);
    expect(failure.errors).toEqual([{ field: 'roster.1.name', message: failure.message }]);
  });
});
