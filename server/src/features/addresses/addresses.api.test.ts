import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ADDRESS_NEEDS_STATE_MESSAGE,
  ADDRESS_STATE_MESSAGE,
  type Address,
  AddressSchema,
  PINCODE_MESSAGE,
} from '#contract';
import { addresses as addressRows } from '#server/db/schema/addresses.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addLine, addressBody, checkOut, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { findSelectedAddress, MAX_ADDRESSES, TOO_MANY_ADDRESSES } from './addresses.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const addressBodyWith = (overrides: Record<string, unknown> = {}) => ({
  ...addressBody,
  ...overrides,
});

const request = (
  shopper: SignedUp | undefined,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): InjectOptions => ({
  method,
  url: `/api/v1${url}`,
  headers: shopper?.auth ?? {},
  ...(payload !== undefined && { payload: payload as object }),
});

const add = (shopper: SignedUp, overrides: Record<string, unknown> = {}) =>
  expectResult(
    t.app,
    request(shopper, 'POST', '/address/add', addressBodyWith(overrides)),
    AddressSchema,
    201,
  );

const list = (shopper: SignedUp) =>
  expectResult(t.app, request(shopper, 'GET', '/address/get'), z.array(AddressSchema));

const select = (shopper: SignedUp, id: string) =>
  expectResult(t.app, request(shopper, 'PUT', `/address/selecte/${id}`), AddressSchema);

const remove = (shopper: SignedUp, id: string) =>
  expectResult(t.app, request(shopper, 'DELETE', `/address/delete/${id}`), z.null());

/** The one rule: exactly one address is selected whenever any exist. Returns the selected id. */
function expectOneSelected(addresses: Address[]): string | undefined {
  const selected = addresses.filter((address) => address.selected);
  expect(selected).toHaveLength(addresses.length === 0 ? 0 : 1);
  return selected[0]?._id;
}

describe('GET /api/v1/address/get and POST /api/v1/address/add', () => {
  it('starts empty, selects the first address added, and lists oldest first', async () => {
    const shopper = await signUp(t.app);
    expect(await list(shopper)).toEqual([]);

    const first = await add(shopper, { name: '  Asha Rao  ', city: ' Bengaluru ' });
    expect(first).toEqual({
      _id: first._id,
      ...addressBodyWith(),
      stateCode: '29',
      selected: true,
    });
    const second = await add(shopper, { name: 'Ravi Rao', city: 'Mysuru' });
    expect(second).toMatchObject({ name: 'Ravi Rao', city: 'Mysuru', selected: false });
    const third = await add(shopper, { name: 'Office' });
    expect(third.selected).toBe(false);

    const addresses = await list(shopper);
    expect(addresses.map((address) => address._id)).toEqual([first._id, second._id, third._id]);
    expect(expectOneSelected(addresses)).toBe(first._id);
  });

  it(`refuses more than ${MAX_ADDRESSES} addresses with a 409`, async () => {
    const shopper = await signUp(t.app);
    for (let index = 0; index < MAX_ADDRESSES; index++) {
      await add(shopper, { name: `Address ${index}` });
    }
    const failure = await expectFailure(
      t.app,
      request(shopper, 'POST', '/address/add', addressBodyWith()),
      409,
    );
    expect(failure.message).toBe(TOO_MANY_ADDRESSES);
    const addresses = await list(shopper);
    expect(addresses).toHaveLength(MAX_ADDRESSES);
    expectOneSelected(addresses);
  });

  it('selects exactly one when several first addresses arrive at once', async () => {
    const shopper = await signUp(t.app);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call(
          t.app,
          request(shopper, 'POST', '/address/add', addressBodyWith({ name: `Rush ${index}` })),
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(201));
    const addresses = await list(shopper);
    expect(addresses).toHaveLength(8);
    expectOneSelected(addresses);
  });
});

describe('validation of the address form (SPEC §5)', () => {
  const LABELS = {
    name: 'Name',
    pincode: 'Pincode',
    city: 'City',
    state: 'State',
    fullAddress: 'Full Address',
  } as const;
  const LIMITS = { name: 100, pincode: 6, city: 80, state: 80, fullAddress: 300 } as const;

  const cases: [string, Record<string, unknown>, string, string][] = [
    ...Object.entries(LABELS).flatMap(
      ([field, label]) =>
        [
          [`${field} missing`, { [field]: undefined }, field, `${label} is required`],
          [`${field} empty`, { [field]: '' }, field, `${label} is required`],
          [`${field} blank`, { [field]: '   ' }, field, `${label} is required`],
          [`${field} a number`, { [field]: 42 }, field, `${label} is required`],
          [`${field} null`, { [field]: null }, field, `${label} is required`],
          [`${field} an object`, { [field]: { $gt: '' } }, field, `${label} is required`],
          [
            `${field} too long`,
            { [field]: 'x'.repeat(LIMITS[field as keyof typeof LIMITS] + 1) },
            field,
            `${label} must be at most ${LIMITS[field as keyof typeof LIMITS]} characters`,
          ],
          [
            `${field} 100 kB`,
            { [field]: 'x'.repeat(100_000) },
            field,
            `${label} must be at most ${LIMITS[field as keyof typeof LIMITS]} characters`,
          ],
        ] as [string, Record<string, unknown>, string, string][],
    ),
    ['pincode of five digits', { pincode: '56001' }, 'pincode', PINCODE_MESSAGE],
    ['pincode with a letter', { pincode: '56000A' }, 'pincode', PINCODE_MESSAGE],
    ['pincode starting with 0', { pincode: '060001' }, 'pincode', PINCODE_MESSAGE],
    ['phone missing', { phone: undefined }, 'phone', 'Phone Number is required'],
    ['phone empty', { phone: '' }, 'phone', 'Phone Number is required'],
    ['phone blank', { phone: '   ' }, 'phone', 'Phone Number is required'],
    ['phone without digits', { phone: '()-' }, 'phone', 'Phone Number is required'],
    ['phone a number', { phone: 9876543210 }, 'phone', 'Phone Number is required'],
    [
      'phone with letters',
      { phone: 'call me' },
      'phone',
      'Phone Number may contain digits, spaces, +, - and brackets only',
    ],
    ['phone too short', { phone: '12345' }, 'phone', 'Phone Number must have 7 to 15 digits'],
    [
      'phone too long',
      { phone: '1'.repeat(21) },
      'phone',
      'Phone Number must be at most 20 characters',
    ],
    [
      'phone 100 kB',
      { phone: '1'.repeat(100_000) },
      'phone',
      'Phone Number must be at most 20 characters',
    ],
  ];

  it.each(cases)('add refuses %s', async (_, overrides, field, message) => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      request(shopper, 'POST', '/address/add', addressBodyWith(overrides)),
      400,
    );
    expect(failure.errors).toContainEqual({ field, message });
    expect(failure.message).toContain(message);
    expect(await list(shopper)).toEqual([]);
  });

  it.each(cases)('update refuses %s and changes nothing', async (_, overrides, field, message) => {
    const shopper = await signUp(t.app);
    const address = await add(shopper);
    const failure = await expectFailure(
      t.app,
      request(shopper, 'PUT', `/address/update/${address._id}`, addressBodyWith(overrides)),
      400,
    );
    expect(failure.errors).toContainEqual({ field, message });
    expect(await list(shopper)).toEqual([address]);
  });

  it('lists every missing field at once', async () => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(t.app, request(shopper, 'POST', '/address/add', {}), 400);
    expect(failure.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is required' },
        { field: 'phone', message: 'Phone Number is required' },
        { field: 'pincode', message: 'Pincode is required' },
        { field: 'city', message: 'City is required' },
        { field: 'state', message: 'State is required' },
        { field: 'fullAddress', message: 'Full Address is required' },
      ]),
    );
  });

  it.each([
    ['malformed JSON', '{"name": "Asha",'],
    ['a JSON array', '[1, 2, 3]'],
    ['a JSON string', '"12 MG Road"'],
    ['JSON null', 'null'],
    [
      'a __proto__ key',
      `{"__proto__": {"selected": true}, ${JSON.stringify(addressBodyWith()).slice(1)}`,
    ],
    [
      'a constructor.prototype key',
      `{"constructor": {"prototype": {"selected": true}}, ${JSON.stringify(addressBodyWith()).slice(1)}`,
    ],
  ])('answers 400 with a message for %s, on add and on update', async (_, payload) => {
    const shopper = await signUp(t.app);
    const address = await add(shopper);
    for (const [method, url] of [
      ['POST', '/address/add'],
      ['PUT', `/address/update/${address._id}`],
    ] as const) {
      const failure = await expectFailure(
        t.app,
        {
          method,
          url: `/api/v1${url}`,
          headers: { ...shopper.auth, 'content-type': 'application/json' },
          payload,
        },
        400,
      );
      expect(failure.message.length).toBeGreaterThan(0);
    }
    expect(await list(shopper)).toEqual([address]);
    expect(({} as Record<string, unknown>).selected).toBeUndefined();
  });

  it('ignores extra fields such as selected, _id and userId', async () => {
    const shopper = await signUp(t.app);
    const other = await signUp(t.app);
    await add(shopper);
    const second = await add(shopper, { selected: true, _id: UNKNOWN_ID, userId: other.user._id });
    expect(second.selected).toBe(false);
    expect(second._id).not.toBe(UNKNOWN_ID);
    expect(await list(other)).toEqual([]);
    expectOneSelected(await list(shopper));
  });
});

describe('PUT /api/v1/address/update/:id', () => {
  it('changes the fields and keeps the selection', async () => {
    const shopper = await signUp(t.app);
    const first = await add(shopper);
    const second = await add(shopper, { name: 'Office' });
    const changed = await expectResult(
      t.app,
      request(
        shopper,
        'PUT',
        `/address/update/${second._id}`,
        addressBodyWith({ name: 'New Office', city: 'Chennai' }),
      ),
      AddressSchema,
    );
    expect(changed).toEqual({
      ...addressBodyWith({ name: 'New Office', city: 'Chennai' }),
      _id: second._id,
      stateCode: '29',
      selected: false,
    });
    const selectedChanged = await expectResult(
      t.app,
      request(
        shopper,
        'PUT',
        `/address/update/${first._id}`,
        addressBodyWith({ pincode: '600001' }),
      ),
      AddressSchema,
    );
    expect(selectedChanged).toMatchObject({ _id: first._id, pincode: '600001', selected: true });
    expect(await list(shopper)).toEqual([selectedChanged, changed]);
  });
});

describe('exactly one address is selected', () => {
  it('moves the selection with PUT /address/selecte/:id (the D1 spelling)', async () => {
    const shopper = await signUp(t.app);
    const [a, b, c] = [await add(shopper), await add(shopper), await add(shopper)];
    if (!a || !b || !c) throw new Error('addresses missing');

    expect(await select(shopper, b._id)).toMatchObject({ _id: b._id, selected: true });
    expect(expectOneSelected(await list(shopper))).toBe(b._id);
    expect(await select(shopper, b._id)).toMatchObject({ _id: b._id, selected: true });
    expect(expectOneSelected(await list(shopper))).toBe(b._id);
    await select(shopper, c._id);
    expect(expectOneSelected(await list(shopper))).toBe(c._id);
    await select(shopper, a._id);
    expect(expectOneSelected(await list(shopper))).toBe(a._id);
  });

  it('deleting the selected address selects the most recently added remaining one', async () => {
    const shopper = await signUp(t.app);
    const a = await add(shopper, { name: 'A' });
    const b = await add(shopper, { name: 'B' });
    const c = await add(shopper, { name: 'C' });
    const d = await add(shopper, { name: 'D' });

    await select(shopper, b._id);
    expect(await remove(shopper, a._id)).toBeNull();
    expect(expectOneSelected(await list(shopper))).toBe(b._id);

    await remove(shopper, b._id);
    let remaining = await list(shopper);
    expect(remaining.map((address) => address.name)).toEqual(['C', 'D']);
    expect(expectOneSelected(remaining)).toBe(d._id);

    await remove(shopper, d._id);
    remaining = await list(shopper);
    expect(expectOneSelected(remaining)).toBe(c._id);

    await remove(shopper, c._id);
    expect(await list(shopper)).toEqual([]);

    const again = await add(shopper, { name: 'E' });
    expect(again.selected).toBe(true);
  });

  it('holds through a long mixed sequence of adds, selects and deletes', async () => {
    const shopper = await signUp(t.app);
    const ids: string[] = [];
    let seed = 7;
    const next = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed;
    };
    for (let step = 0; step < 40; step++) {
      const roll = next() % 3;
      if (roll === 0 || ids.length === 0) {
        const address = await add(shopper, { name: `Step ${step}` });
        expect(address.selected).toBe(ids.length === 0);
        ids.push(address._id);
      } else if (roll === 1) {
        const id = ids[next() % ids.length] as string;
        await select(shopper, id);
        expect(expectOneSelected(await list(shopper))).toBe(id);
        continue;
      } else {
        const id = ids.splice(next() % ids.length, 1)[0] as string;
        await remove(shopper, id);
      }
      const addresses = await list(shopper);
      expect(addresses.map((address) => address._id)).toEqual(ids);
      expectOneSelected(addresses);
    }
  });

  it('keeps exactly one selected under concurrent selects and deletes', async () => {
    const shopper = await signUp(t.app);
    const added: Address[] = [];
    for (let index = 0; index < 6; index++)
      added.push(await add(shopper, { name: `Race ${index}` }));
    const selects = await Promise.all(
      added.map((address) =>
        call(t.app, request(shopper, 'PUT', `/address/selecte/${address._id}`)),
      ),
    );
    expect(selects.map((response) => response.status)).toEqual(Array(6).fill(200));
    expectOneSelected(await list(shopper));

    const mixed = await Promise.all(
      added.flatMap((address, index) =>
        index % 2 === 0
          ? [call(t.app, request(shopper, 'DELETE', `/address/delete/${address._id}`))]
          : [call(t.app, request(shopper, 'PUT', `/address/selecte/${address._id}`))],
      ),
    );
    expect(mixed.every((response) => response.status === 200)).toBe(true);
    const remaining = await list(shopper);
    expect(remaining).toHaveLength(3);
    expectOneSelected(remaining);
  });

  it('gives checkout the selected address through findSelectedAddress(db, userId)', async () => {
    const shopper = await signUp(t.app);
    expect(await findSelectedAddress(t.db, shopper.user._id)).toBeUndefined();
    await add(shopper, { name: 'Home' });
    const office = await add(shopper, { name: 'Office' });
    await select(shopper, office._id);
    const row = await t.db.transaction((tx) => findSelectedAddress(tx, shopper.user._id));
    expect(row).toMatchObject({
      id: office._id,
      userId: shopper.user._id,
      name: 'Office',
      selected: true,
    });
  });
});

describe('not found', () => {
  const verbs = [
    [
      'PUT /address/update/:id',
      'PUT',
      (id: string) => `/address/update/${id}`,
      addressBodyWith({ name: 'Intruder' }),
    ],
    ['PUT /address/selecte/:id', 'PUT', (id: string) => `/address/selecte/${id}`, undefined],
    ['DELETE /address/delete/:id', 'DELETE', (id: string) => `/address/delete/${id}`, undefined],
  ] as const;

  it.each(
    verbs,
  )('%s answers 404 for an unknown or malformed id', async (_, method, path, payload) => {
    const shopper = await signUp(t.app);
    const address = await add(shopper);
    for (const id of [
      UNKNOWN_ID,
      'not-an-id',
      '1',
      `${address._id}x`,
      encodeURIComponent("' or 1=1 --"),
    ]) {
      const failure = await expectFailure(t.app, request(shopper, method, path(id), payload), 404);
      expect(failure.message).toBe('Address not found');
    }
    const tooLong = await expectFailure(
      t.app,
      request(shopper, method, path('a'.repeat(65)), payload),
      400,
    );
    expect(tooLong.message).toContain('id');
    expect(await list(shopper)).toEqual([address]);
  });

  it.each(
    verbs,
  )("%s: another shopper's address answers 404 and stays unchanged", async (_, method, path, payload) => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const selected = await add(owner, { name: 'Home' });
    const unselected = await add(owner, { name: 'Office' });
    const ownAddress = await add(intruder, { name: 'Intruder home' });
    const before = await list(owner);

    for (const target of [selected, unselected]) {
      const failure = await expectFailure(
        t.app,
        request(intruder, method, path(target._id), payload),
        404,
      );
      expect(failure.message).toBe('Address not found');
      expect(await list(owner)).toEqual(before);
    }
    expect(await list(intruder)).toEqual([ownAddress]);
  });

  it("never lists another shopper's addresses", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    await add(owner);
    expect(await list(other)).toEqual([]);
  });
});

describe('401 without a live session', () => {
  const endpoints = [
    ['GET /address/get', 'GET', () => '/address/get', undefined],
    ['POST /address/add', 'POST', () => '/address/add', addressBodyWith()],
    ['PUT /address/update/:id', 'PUT', (id: string) => `/address/update/${id}`, addressBodyWith()],
    ['PUT /address/selecte/:id', 'PUT', (id: string) => `/address/selecte/${id}`, undefined],
    ['DELETE /address/delete/:id', 'DELETE', (id: string) => `/address/delete/${id}`, undefined],
  ] as const;

  it.each(endpoints)('%s', async (_, method, path, payload) => {
    const owner = await signUp(t.app);
    const address = await add(owner);
    const loggedOut = await signUp(t.app);
    await expectResult(t.app, request(loggedOut, 'POST', '/auth/logout'), z.null());

    const headers = [
      {},
      { authorization: 'Bearer garbage' },
      { authorization: `Bearer ${owner.token}x` },
      { authorization: owner.token },
      loggedOut.auth,
    ];
    for (const auth of headers) {
      // Bad bodies too: who is calling is settled before the body is read.
      for (const body of [payload, '{bad json']) {
        const failure = await expectFailure(
          t.app,
          {
            method,
            url: `/api/v1${path(address._id)}`,
            headers: {
              ...auth,
              ...(typeof body === 'string' && { 'content-type': 'application/json' }),
            },
            ...(body !== undefined && { payload: body as object }),
          },
          401,
        );
        expect(failure.message).toBe('Please sign in to continue');
      }
    }
    expect(await list(owner)).toEqual([address]);
  });
});

describe("the state of an address, from GST's list (issue 26)", () => {
  it.each([
    ['Karnataka', 'Karnataka', '29'],
    ['29', 'Karnataka', '29'],
    ['  tamil   nadu ', 'Tamil Nadu', '33'],
    ['Orissa', 'Odisha', '21'],
    ['Jammu & Kashmir', 'Jammu and Kashmir', '01'],
    ['38', 'Ladakh', '38'],
  ])('takes %j as %s, code %s, and keeps the code', async (state, name, code) => {
    const shopper = await signUp(t.app);
    const added = await add(shopper, { state });
    expect(added).toMatchObject({ state: name, stateCode: code });
    const [row] = await t.db.select().from(addressRows).where(eq(addressRows.id, added._id));
    expect(row).toMatchObject({ state: name, stateCode: code });
  });

  it.each(['Narnia', 'KA', '99', '25'])('refuses the state %j with 400', async (state) => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      request(shopper, 'POST', '/address/add', addressBodyWith({ state })),
      400,
    );
    expect(failure.errors).toEqual([{ field: 'state', message: ADDRESS_STATE_MESSAGE }]);
    expect(await list(shopper)).toEqual([]);
  });

  it('reads the state of an address saved before the list by its name, or answers null for checkout to ask', async () => {
    const shopper = await signUp(t.app);
    const saved = await add(shopper);
    const older = { userId: shopper.user._id, ...addressBody, stateCode: null };
    // Oldest first: one statement's rows share a clock, so each says when it was saved.
    const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
    await t.db.insert(addressRows).values([
      { ...older, name: 'Old spelling', state: 'Pondicherry', createdAt: later(1) },
      { ...older, name: 'Typed anyhow', state: 'Bangalore', createdAt: later(2) },
    ]);
    const listed = await list(shopper);
    expect(listed.map(({ name, state, stateCode }) => ({ name, state, stateCode }))).toEqual([
      { name: saved.name, state: 'Karnataka', stateCode: '29' },
      { name: 'Old spelling', state: 'Pondicherry', stateCode: '34' },
      { name: 'Typed anyhow', state: 'Bangalore', stateCode: null },
    ]);

    // Choosing its state stores the code.
    const typed = listed[2] as Address;
    const fixed = await expectResult(
      t.app,
      request(shopper, 'PUT', `/address/update/${typed._id}`, addressBodyWith({ state: '29' })),
      AddressSchema,
    );
    expect(fixed).toMatchObject({ state: 'Karnataka', stateCode: '29' });
  });
});

describe('checkout with an address whose state matches none (issue 26)', () => {
  it('answers 400 asking for its state, and checks out once it is chosen', async () => {
    const shopper = await signUp(t.app);
    const productId = await createProduct(t.db, { price: 499, stock: { M: 3 } });
    await addLine(t.app, shopper, productId, 'M', 1);
    const [old] = await t.db
      .insert(addressRows)
      .values({
        userId: shopper.user._id,
        ...addressBody,
        state: 'Bangalore',
        stateCode: null,
        selected: true,
      })
      .returning();
    const failure = await expectFailure(t.app, checkoutRequest(shopper), 400);
    expect(failure.message).toBe(ADDRESS_NEEDS_STATE_MESSAGE);

    await expectResult(
      t.app,
      request(shopper, 'PUT', `/address/update/${old?.id}`, addressBodyWith({ state: '29' })),
      AddressSchema,
    );
    const order = await checkOut(t.app, shopper, 'cash');
    expect(order.address.state).toBe('Karnataka');
  });

  it('checks out an older address whose state matches by its name', async () => {
    const shopper = await signUp(t.app);
    const productId = await createProduct(t.db, { price: 499, stock: { M: 3 } });
    await addLine(t.app, shopper, productId, 'M', 1);
    await t.db.insert(addressRows).values({
      userId: shopper.user._id,
      ...addressBody,
      state: 'Orissa',
      stateCode: null,
      selected: true,
    });
    expect((await checkOut(t.app, shopper, 'cash')).address.state).toBe('Orissa');
  });
});
