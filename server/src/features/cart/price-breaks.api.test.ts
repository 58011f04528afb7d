import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CartItemSchema,
  type Design,
  OrderSchema,
  type PriceBreak,
  QuoteSchema,
  type TextLayer,
} from '#contract';
import type { ProductCustomisationColumns } from '#server/db/schema/catalogue.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, checkoutRequest, visaCard } from '#server-test/checkout-fixtures.ts';
import { expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

// Price by quantity (issue 29): lines of one style with one design (or all
// plain) count together; the cart shows, the quote quotes and checkout charges the same.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TEE_BREAKS: PriceBreak[] = [
  { minQuantity: 10, percentOff: 10 },
  { minQuantity: 25, percentOff: 15 },
  { minQuantity: 50, percentOff: 20 },
];
/** ₹799 a tee, +₹100 for a printed front. */
const CUSTOMISABLE: ProductCustomisationColumns = {
  customisable: true,
  printAreas: {
    front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
    back: { xMm: 150, yMm: 120, widthMm: 300, heightMm: 400 },
  },
  decorationFrontPaise: 10_000,
  decorationBackPaise: 0,
  blank: true,
};
const tee = (styleId?: string) =>
  createProduct(t.db, {
    price: 799,
    stock: { S: 100, M: 100, L: 100 },
    customisation: CUSTOMISABLE,
    priceBreaks: TEE_BREAKS,
    ...(styleId && { styleId, color: { name: 'Navy', hex: '#1e3a5f' } }),
  });

const TEAM: TextLayer = {
  id: 't1',
  type: 'text',
  text: 'TEAM',
  fontId: 'lobster',
  colorId: 'red',
  fontSizeMm: 30,
  bold: false,
  italic: false,
  align: 'center',
  arcDegrees: 0,
  xMm: 150,
  yMm: 100,
  rotationDeg: 0,
};
const DESIGN: Design = { front: [TEAM], back: [] };

const add = (user: SignedUp, productId: string, size: string, quantity: number, design?: Design) =>
  expectResult(
    t.app,
    {
      method: 'POST',
      url: '/api/v1/cart/create',
      headers: user.auth,
      payload: { productId, size, quantity, ...(design && { design }) },
    },
    CartItemSchema,
    201,
  );
const update = (user: SignedUp, id: string, payload: object) =>
  expectResult(
    t.app,
    { method: 'PUT', url: `/api/v1/cart/update/${id}`, headers: user.auth, payload },
    CartItemSchema,
  );
const getCart = (user: SignedUp) =>
  expectResult(t.app, { url: '/api/v1/cart/get-all', headers: user.auth }, z.array(CartItemSchema));
const quote = (user: SignedUp) =>
  expectResult(t.app, { url: '/api/v1/cart/quote?couponCode=', headers: user.auth }, QuoteSchema);

describe('price breaks in the cart (issue 29)', () => {
  it.each([
    [9, 799, null, { piecesToGo: 1, unitPrice: 719.1 }],
    [10, 719.1, TEE_BREAKS[0], { piecesToGo: 15, unitPrice: 679.15 }],
    [24, 719.1, TEE_BREAKS[0], { piecesToGo: 1, unitPrice: 679.15 }],
    [25, 679.15, TEE_BREAKS[1], { piecesToGo: 25, unitPrice: 639.2 }],
  ])('prices %i pieces at ₹%d each, in the cart and in the quote', async (pieces, unitPrice, priceBreak, nextBreak) => {
    const shopper = await signUp(t.app);
    const productId = await tee();
    const added = await add(shopper, productId, 'M', pieces);
    const expected = {
      quantity: pieces,
      listUnitPrice: 799,
      unitPrice,
      priceBreak,
      nextBreak,
      totalPrice: Math.round(unitPrice * 100 * pieces) / 100,
    };
    expect(added).toMatchObject(expected);
    expect((await getCart(shopper))[0]).toMatchObject(expected);
    expect(await quote(shopper)).toMatchObject({ subtotal: expected.totalPrice });
  });

  it('counts sizes and two colours of one style together, and reprices the group when a quantity moves', async () => {
    const shopper = await signUp(t.app);
    const navy = await tee();
    const [navyRow] = await getCartProductStyle(navy);
    const white = await tee(navyRow);
    const small = await add(shopper, navy, 'S', 4);
    expect(small.unitPrice).toBe(799);
    const large = await add(shopper, white, 'L', 6);
    // The line just added knows its group reached 10.
    expect(large).toMatchObject({ unitPrice: 719.1, priceBreak: TEE_BREAKS[0] });
    expect((await getCart(shopper)).map((line) => line.unitPrice)).toEqual([719.1, 719.1]);

    // One piece fewer: both lines are back at the list price.
    const fewer = await update(shopper, large._id, { quantity: 5 });
    expect(fewer).toMatchObject({ unitPrice: 799, nextBreak: { piecesToGo: 1, unitPrice: 719.1 } });
    expect((await getCart(shopper)).map((line) => line.unitPrice)).toEqual([799, 799]);
  });

  it('keeps plain and designed pieces apart, and counts only selected lines', async () => {
    const shopper = await signUp(t.app);
    const productId = await tee();
    await add(shopper, productId, 'M', 6);
    const designed = await add(shopper, productId, 'L', 6, DESIGN);
    // 6 plain and 6 designed: neither reaches 10. A designed piece lists at ₹899.
    expect((await getCart(shopper)).map((line) => line.unitPrice)).toEqual([799, 899]);
    expect(designed.nextBreak).toEqual({ piecesToGo: 4, unitPrice: 809.1 });

    const plainL = await add(shopper, productId, 'L', 4);
    expect(plainL.unitPrice).toBe(719.1);
    // Unselected, the 4 plain L are not ordered: the 6 plain M go back to ₹799,
    // while the unselected line shows what it would cost if selected again.
    await update(shopper, plainL._id, { selected: false });
    expect((await getCart(shopper)).map((line) => line.unitPrice)).toEqual([799, 899, 719.1]);
    expect(await quote(shopper)).toMatchObject({ subtotal: 6 * 799 + 6 * 899 });
  });

  it('charges at checkout exactly what the quote showed, each order line at its price after the break', async () => {
    const shopper = await signUp(t.app);
    const productId = await tee();
    await add(shopper, productId, 'S', 12, DESIGN);
    await add(shopper, productId, 'M', 13, DESIGN);
    await add(shopper, productId, 'L', 3);
    const shown = await quote(shopper);
    // 25 designed pieces at 15% off ₹899, 3 plain at ₹799.
    expect(shown.subtotal).toBe(25 * 764.15 + 3 * 799);
    await addAddress(t.app, shopper);
    const order = await expectResult(
      t.app,
      checkoutRequest(shopper, { couponCode: '', paymentMethod: 'debit-card', card: visaCard }),
      OrderSchema,
      201,
    );
    expect(order.totalPrice).toBe(shown.total);
    expect(order.items.map((item) => [item.quantity, item.price])).toEqual([
      [12, 764.15],
      [13, 764.15],
      [3, 799],
    ]);
  });
});

async function getCartProductStyle(productId: string): Promise<[string]> {
  const product = await expectResult(
    t.app,
    `/api/v1/product/${productId}`,
    z.object({ styleId: z.string() }),
  );
  return [product.styleId];
}
