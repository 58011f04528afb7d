import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CartItemSchema,
  type Design,
  duplicateRosterRowMessage,
  NAMED_PIECE_QUANTITY_MESSAGE,
  NOT_CUSTOMISABLE_MESSAGE,
  OrderSchema,
  ROSTER_NEEDS_DESIGN_MESSAGE,
  type RosterRow,
} from '#contract';
import type { ProductCustomisationColumns } from '#server/db/schema/catalogue.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

let t: TestApp;

const TEE: ProductCustomisationColumns = {
  customisable: true,
  printAreas: {
    front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
    back: { xMm: 150, yMm: 120, widthMm: 300, heightMm: 400 },
  },
  decorationFrontPaise: 15_000,
  decorationBackPaise: 0,
};

/** A team crest on the front: the design every roster piece shares. */
const CREST: Design = {
  front: [
    {
      id: 't1',
      type: 'text',
      text: 'RIVERSIDE CC',
      fontId: 'inter',
      colorId: 'red',
      fontSizeMm: 20,
      bold: true,
      italic: false,
      align: 'center',
      arcDegrees: 0,
      xMm: 150,
      yMm: 100,
      rotationDeg: 0,
    },
  ],
  back: [],
};

/** A customisable tee with S 5, M 10, L 3 (no XL), unless told otherwise. */
const tee = (stock: Partial<Record<'S' | 'M' | 'L', number>> = { S: 5, M: 10, L: 3 }) =>
  createProduct(t.db, { price: 499, stock, customisation: TEE });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CartSchema = z.array(CartItemSchema);

const createManyRequest = (user: SignedUp | undefined, payload: unknown): InjectOptions => ({
  method: 'POST',
  url: '/api/v1/cart/create-many',
  headers: user?.auth ?? {},
  payload: payload as object,
});
const createMany = (user: SignedUp, payload: unknown) =>
  expectResult(t.app, createManyRequest(user, payload), CartSchema, 201);
const getCart = (user: SignedUp) =>
  expectResult(t.app, { url: '/api/v1/cart/get-all', headers: user.auth }, CartSchema);

/** Each line as [size, quantity, design?, personalisation] for a compact comparison. */
const linesOf = (cart: z.infer<typeof CartSchema>) =>
  cart.map((line) => [line.size, line.quantity, line.design !== null, line.personalisation]);

describe('POST /api/v1/cart/create-many', () => {
  it('answers 401 without a token', async () => {
    const failure = await expectFailure(
      t.app,
      createManyRequest(undefined, { productId: await tee(), quantities: { M: 1 } }),
      401,
    );
    expect(failure.message).toBe('Please sign in to continue');
  });

  it('adds a line per size in size order, a plain line already in the cart growing', async () => {
    const productId = await tee();
    const shopper = await signUp(t.app);
    await addLine(t.app, shopper, productId, 'M', 2);
    const cart = await createMany(shopper, { productId, quantities: { L: 1, S: 4, M: 3 } });
    expect(linesOf(cart)).toEqual([
      ['M', 5, false, null],
      ['S', 4, false, null],
      ['L', 1, false, null],
    ]);
    expect(await getCart(shopper)).toEqual(cart);
  });

  it('adds designed lines as new lines beside a plain one of the same size', async () => {
    const productId = await tee();
    const shopper = await signUp(t.app);
    await addLine(t.app, shopper, productId, 'M', 1);
    const cart = await createMany(shopper, {
      productId,
      design: CREST,
      quantities: { M: 2, S: 1 },
    });
    expect(linesOf(cart)).toEqual([
      ['M', 1, false, null],
      ['S', 1, true, null],
      ['M', 2, true, null],
    ]);
    expect(cart[1]?.design).toEqual(CREST);
    expect(cart[1]?.unitPrice).toBe(649);
  });

  it('is all or nothing: one size short of stock, counting what the cart holds, leaves the cart as it was', async () => {
    const productId = await tee();
    const shopper = await signUp(t.app);
    await addLine(t.app, shopper, productId, 'L', 1);
    const before = await getCart(shopper);
    const failure = await expectFailure(
      t.app,
      createManyRequest(shopper, { productId, design: CREST, quantities: { S: 2, M: 4, L: 3 } }),
      409,
    );
    expect(failure.message).toBe('Only 2 left in size L');
    expect(failure.errors).toEqual([{ field: 'quantities.L', message: 'Only 2 left in size L' }]);
    expect(await getCart(shopper)).toEqual(before);
  });

  it('says none are left when the cart already holds all of a size', async () => {
    const productId = await tee({ S: 5, L: 1 });
    const shopper = await signUp(t.app);
    await addLine(t.app, shopper, productId, 'L', 1);
    const failure = await expectFailure(
      t.app,
      createManyRequest(shopper, { productId, quantities: { L: 1 } }),
      409,
    );
    expect(failure.message).toBe('No more left in size L');
  });

  it('refuses a size the product lacks (400) and adds nothing', async () => {
    const productId = await tee();
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      createManyRequest(shopper, { productId, quantities: { M: 1, XL: 2 } }),
      400,
    );
    expect(failure.message).toBe('This product has no size XL');
    expect(failure.errors).toEqual([
      { field: 'quantities.XL', message: 'This product has no size XL' },
    ]);
    expect(await getCart(shopper)).toEqual([]);
  });

  it('answers 404 for an unknown product', async () => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      createManyRequest(shopper, {
        productId: '00000000-0000-4000-8000-000000000000',
        quantities: { M: 1 },
      }),
      404,
    );
    expect(failure.message).toBe('Product not found');
  });

  it('checks the design: a product that takes none refuses it', async () => {
    const productId = await createProduct(t.db, { stock: { M: 5 } });
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      createManyRequest(shopper, { productId, design: CREST, quantities: { M: 2 } }),
      400,
    );
    expect(failure.message).toBe(NOT_CUSTOMISABLE_MESSAGE);
    expect(await getCart(shopper)).toEqual([]);
  });

  it.each([
    [
      'quantities and a roster',
      { quantities: { M: 1 }, roster: [{ size: 'M', name: 'A', number: 1 }] },
      'Send quantities by size or a roster, not both',
    ],
    ['nothing', { quantities: {} }, 'Choose at least one piece'],
    ['a zero quantity', { quantities: { M: 0 } }, 'Quantity must be at least 1'],
    [
      'a roster row with neither name nor number',
      { design: CREST, roster: [{ size: 'M', name: ' ', number: null }] },
      'Give each row a name, a number or both',
    ],
    [
      'a name too long',
      { design: CREST, roster: [{ size: 'M', name: 'ABCDEFGHIJKLM', number: 1 }] },
      'A name may have at most 12 characters',
    ],
    [
      'a number past 99',
      { design: CREST, roster: [{ size: 'M', name: 'ASHA', number: 100 }] },
      'number must be 0 to 99',
    ],
  ])('refuses %s (400)', async (_, body, message) => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      createManyRequest(shopper, { productId: await tee(), ...body }),
      400,
    );
    expect(JSON.stringify(failure)).toContain(message);
  });
});

describe('create-many with a roster', () => {
  const roster: RosterRow[] = [
    { size: 'M', name: 'ASHA', number: 7 },
    { size: 'S', name: 'RAVI', number: null },
    { size: 'M', name: '', number: 10 },
    { size: 'M', name: 'ASHA', number: 8 },
  ];

  it('adds a line per row, quantity 1, with its name and number over the shared design', async () => {
    const productId = await tee();
    const shopper = await signUp(t.app);
    const cart = await createMany(shopper, { productId, design: CREST, roster });
    expect(linesOf(cart)).toEqual([
      ['M', 1, true, { name: 'ASHA', number: 7 }],
      ['S', 1, true, { name: 'RAVI', number: null }],
      ['M', 1, true, { name: '', number: 10 }],
      ['M', 1, true, { name: 'ASHA', number: 8 }],
    ]);
    expect(cart.every((line) => JSON.stringify(line.design) === JSON.stringify(CREST))).toBe(true);
  });

  it('refuses a row repeating another (400 naming both rows) and adds nothing', async () => {
    const productId = await tee();
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      createManyRequest(shopper, {
        productId,
        design: CREST,
        roster: [...roster, { size: 'M', name: 'ASHA', number: 7 }],
      }),
      400,
    );
    expect(failure.message).toBe(duplicateRosterRowMessage(5, 1));
    expect(failure.message).toBe('Row 5 repeats row 1: the same size, name and number');
    expect(failure.errors).toEqual([{ field: 'roster.4', message: failure.message }]);
    expect(await getCart(shopper)).toEqual([]);
  });

  it('counts the roster against stock per size (409 naming the size)', async () => {
    const productId = await tee({ S: 5, M: 2 });
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      createManyRequest(shopper, { productId, design: CREST, roster }),
      409,
    );
    expect(failure.message).toBe('Only 2 left in size M');
    expect(await getCart(shopper)).toEqual([]);
  });

  it('keeps a named piece at quantity 1: another quantity is a 400 that says why, selecting still works', async () => {
    const productId = await tee();
    const shopper = await signUp(t.app);
    const [named] = await createMany(shopper, { productId, design: CREST, roster });
    if (!named) throw new Error('a roster line expected');
    const update = (payload: object): InjectOptions => ({
      method: 'PUT',
      url: `/api/v1/cart/update/${named._id}`,
      headers: shopper.auth,
      payload,
    });
    const failure = await expectFailure(t.app, update({ quantity: 2 }), 400);
    expect(failure.message).toBe(NAMED_PIECE_QUANTITY_MESSAGE);
    expect(failure.errors).toEqual([{ field: 'quantity', message: NAMED_PIECE_QUANTITY_MESSAGE }]);
    const unselected = await expectResult(
      t.app,
      update({ quantity: 1, selected: false }),
      CartItemSchema,
    );
    expect([unselected.quantity, unselected.selected]).toEqual([1, false]);
    expect(linesOf(await getCart(shopper))[0]).toEqual(['M', 1, true, { name: 'ASHA', number: 7 }]);
  });

  it('still lets a plain line and a designed line without a name change quantity', async () => {
    const productId = await tee();
    const shopper = await signUp(t.app);
    await createMany(shopper, { productId, design: CREST, quantities: { S: 1 } });
    await addLine(t.app, shopper, productId, 'L', 1);
    const lines = await getCart(shopper);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const changed = await expectResult(
        t.app,
        {
          method: 'PUT',
          url: `/api/v1/cart/update/${line._id}`,
          headers: shopper.auth,
          payload: { quantity: 2 },
        },
        CartItemSchema,
      );
      expect(changed.quantity).toBe(2);
    }
  });

  it('refuses a roster without a design (400)', async () => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      createManyRequest(shopper, { productId: await tee(), roster }),
      400,
    );
    expect(failure.message).toBe(ROSTER_NEEDS_DESIGN_MESSAGE);
  });

  it('copies each piece’s name and number onto its order item at checkout', async () => {
    const productId = await tee();
    const shopper = await signUp(t.app);
    await createMany(shopper, { productId, design: CREST, roster: roster.slice(0, 2) });
    await addLine(t.app, shopper, productId, 'L', 1);
    await addAddress(t.app, shopper);
    const order = await expectResult(
      t.app,
      checkoutRequest(shopper, { paymentMethod: 'cash' }),
      OrderSchema,
      201,
    );
    expect(order.items.map((item) => [item.size, item.personalisation])).toEqual([
      ['M', { name: 'ASHA', number: 7 }],
      ['S', { name: 'RAVI', number: null }],
      ['L', null],
    ]);
    const again = await expectResult(
      t.app,
      { url: `/api/v1/order/${order._id}`, headers: shopper.auth },
      OrderSchema,
    );
    expect(again.items.map((item) => item.personalisation)).toEqual(
      order.items.map((item) => item.personalisation),
    );
  });
});

describe('merging a guest roster at sign-in', () => {
  const mergeRequest = (user: SignedUp, items: unknown): InjectOptions => ({
    method: 'POST',
    url: '/api/v1/cart/merge',
    headers: user.auth,
    payload: { items } as object,
  });

  it('keeps each piece’s name and number, and changes nothing when merged again', async () => {
    const productId = await tee();
    const shopper = await signUp(t.app);
    const items = [
      {
        productId,
        size: 'M',
        quantity: 1,
        design: CREST,
        personalisation: { name: 'ASHA', number: 7 },
      },
      {
        productId,
        size: 'M',
        quantity: 1,
        design: CREST,
        personalisation: { name: 'RAVI', number: 9 },
      },
      { productId, size: 'M', quantity: 1, design: CREST },
    ];
    const merged = await expectResult(t.app, mergeRequest(shopper, items), CartSchema);
    expect(linesOf(merged)).toEqual([
      ['M', 1, true, { name: 'ASHA', number: 7 }],
      ['M', 1, true, { name: 'RAVI', number: 9 }],
      ['M', 1, true, null],
    ]);
    expect(await expectResult(t.app, mergeRequest(shopper, items), CartSchema)).toEqual(merged);
  });

  it('merges a named piece as one piece, whatever quantity the browser kept', async () => {
    const productId = await tee();
    const shopper = await signUp(t.app);
    const merged = await expectResult(
      t.app,
      mergeRequest(shopper, [
        {
          productId,
          size: 'M',
          quantity: 3,
          design: CREST,
          personalisation: { name: 'ASHA', number: 7 },
        },
        { productId, size: 'S', quantity: 3, design: CREST },
      ]),
      CartSchema,
    );
    expect(linesOf(merged)).toEqual([
      ['M', 1, true, { name: 'ASHA', number: 7 }],
      ['S', 3, true, null],
    ]);
  });

  it('skips a personalised piece without a design: there is nothing to print it with', async () => {
    const productId = await tee();
    const shopper = await signUp(t.app);
    const merged = await expectResult(
      t.app,
      mergeRequest(shopper, [
        { productId, size: 'M', quantity: 1, personalisation: { name: 'ASHA', number: 7 } },
      ]),
      CartSchema,
    );
    expect(merged).toEqual([]);
  });
});
