import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_CHANGE_EMAIL_TAKEN, ProfileSchema, SessionSchema } from '#contract';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { findLinkTokens } from '#server-test/outbox.ts';
import { PASSWORD, type SignedUp, signUp } from '#server-test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EMAIL_TAKEN = 'An account with this email already exists';

/** Test rows titled by their body: long strings show as their length. */
function titled<Row extends [Record<string, unknown>, ...unknown[]]>(rows: Row[]) {
  return rows.map((row): [string, ...Row] => [
    JSON.stringify(row[0], (_, value) =>
      typeof value === 'string' && value.length > 40 ? `<${value.length} characters>` : value,
    ),
    ...row,
  ]);
}

const uniqueEmail = (label = 'profile') => `${label}-${crypto.randomUUID()}@example.com`;

/** Opens the confirmation link last mailed to a new email (issue 23). */
async function confirmLink(email: string) {
  const token = (await findLinkTokens(t.db, email, 'email-change-confirm')).at(-1) ?? '';
  await expectResult(
    t.app,
    { method: 'POST', url: '/api/v1/user/email-change/confirm', payload: { token } },
    z.object({ email: z.string() }),
  );
}

const getProfile = (shopper: SignedUp) =>
  expectResult(
    t.app,
    { method: 'GET', url: '/api/v1/user/profile', headers: shopper.auth },
    ProfileSchema,
  );

const patch = (shopper: SignedUp | undefined, payload: unknown): InjectOptions => ({
  method: 'PATCH',
  url: '/api/v1/user/profile/update',
  headers: shopper?.auth ?? {},
  payload: payload as object,
});

const update = (shopper: SignedUp, payload: Record<string, unknown>) =>
  expectResult(t.app, patch(shopper, payload), ProfileSchema);

describe('GET /api/v1/user/profile', () => {
  it("answers the signed-in shopper's name, email, phone, id and role, and nothing else", async () => {
    const shopper = await signUp(t.app, { name: 'Meera Iyer' });
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/user/profile',
      headers: shopper.auth,
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.result).sort()).toEqual([
      '_id',
      'email',
      'name',
      'pendingEmail',
      'phone',
      'role',
    ]);
    expect(await getProfile(shopper)).toEqual({
      _id: shopper.user._id,
      name: 'Meera Iyer',
      email: shopper.email,
      phone: '',
      role: 'shopper',
      pendingEmail: null,
    });
  });
});

describe('PATCH /api/v1/user/profile/update', () => {
  it('changes name and phone at once, and the email once the link mailed to it is opened', async () => {
    const shopper = await signUp(t.app);
    const email = uniqueEmail('New.Address');
    const changed = await update(shopper, {
      name: '  Meera K  ',
      email: `  ${email.toUpperCase()} `,
      phone: ' +91 (98765) 43210 ',
      currentPassword: PASSWORD,
    });
    expect(changed).toEqual({
      _id: shopper.user._id,
      name: 'Meera K',
      email: shopper.email,
      phone: '+91 (98765) 43210',
      role: 'shopper',
      pendingEmail: email.toLowerCase(),
    });
    expect(await getProfile(shopper)).toEqual(changed);

    await confirmLink(email.toLowerCase());
    expect(await getProfile(shopper)).toEqual({
      ...changed,
      email: email.toLowerCase(),
      pendingEmail: null,
    });
    // The new email signs in; the old one no longer does.
    await expectResult(
      t.app,
      { method: 'POST', url: '/api/v1/auth/login', payload: { email, password: PASSWORD } },
      SessionSchema,
    );
    await expectFailure(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: shopper.email, password: PASSWORD },
      },
      401,
    );
  });

  it('clears the phone when it is empty or left out', async () => {
    const shopper = await signUp(t.app);
    await update(shopper, { name: 'A', email: shopper.email, phone: '9876543210' });
    expect((await update(shopper, { name: 'A', email: shopper.email, phone: '' })).phone).toBe('');
    await update(shopper, { name: 'A', email: shopper.email, phone: '9876543210' });
    expect((await update(shopper, { name: 'A', email: shopper.email })).phone).toBe('');
  });

  it('keeps its own email, in any case', async () => {
    const shopper = await signUp(t.app);
    const changed = await update(shopper, {
      name: 'Same',
      email: shopper.email.toUpperCase(),
      phone: '',
    });
    expect(changed.email).toBe(shopper.email);
  });

  it("refuses another account's email, whatever its case, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const shopper = await signUp(t.app, { name: 'Before' });
    const before = await getProfile(shopper);
    for (const email of [owner.email, owner.email.toUpperCase(), ` ${owner.email} `]) {
      const failure = await expectFailure(
        t.app,
        patch(shopper, { name: 'After', email, phone: '9876543210', currentPassword: PASSWORD }),
        409,
      );
      expect(failure.message).toBe(EMAIL_TAKEN);
      expect(failure.errors).toEqual([{ field: 'email', message: EMAIL_TAKEN }]);
    }
    expect(await getProfile(shopper)).toEqual(before);
    expect((await getProfile(owner)).email).toBe(owner.email);
  });

  it('answers 409, never 500, when two shoppers race to confirm one new email', async () => {
    for (let round = 0; round < 3; round++) {
      const target = uniqueEmail('race');
      const racers = await Promise.all(Array.from({ length: 4 }, () => signUp(t.app)));
      for (const racer of racers) {
        await update(racer, {
          name: 'Racer',
          email: target.toUpperCase(),
          currentPassword: PASSWORD,
        });
      }
      const tokens = await findLinkTokens(t.db, target, 'email-change-confirm');
      expect(tokens).toHaveLength(4);
      const responses = await Promise.all(
        tokens.map((token) =>
          call(t.app, {
            method: 'POST',
            url: '/api/v1/user/email-change/confirm',
            payload: { token },
          }),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409]);
      for (const response of responses.filter((r) => r.status === 409)) {
        expect(response.body).toEqual({ success: false, message: EMAIL_CHANGE_EMAIL_TAKEN });
      }
    }
  });

  it.each(
    titled<[Record<string, unknown>, string, string]>([
      [{ name: undefined }, 'name', 'Name is required'],
      [{ name: '' }, 'name', 'Name is required'],
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ name: 42 }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
      [{ name: 'x'.repeat(100_000) }, 'name', 'Name must be at most 100 characters'],
      [{ email: undefined }, 'email', 'Email is required'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: '   ' }, 'email', 'Email is required'],
      [{ email: ['a@example.com'] }, 'email', 'Email is required'],
      [{ email: 'not-an-email' }, 'email', 'Invalid Email format'],
      [{ email: 'a@b' }, 'email', 'Invalid Email format'],
      [
        { email: `${'a'.repeat(250)}@example.com` },
        'email',
        'Email must be at most 254 characters',
      ],
      [
        { email: `${'a'.repeat(100_000)}@example.com` },
        'email',
        'Email must be at most 254 characters',
      ],
      [
        { phone: 'call me' },
        'phone',
        'Phone Number may contain digits, spaces, +, - and brackets only',
      ],
      [{ phone: '12345' }, 'phone', 'Phone Number must have 7 to 15 digits'],
      [{ phone: '1'.repeat(16) }, 'phone', 'Phone Number must have 7 to 15 digits'],
      [{ phone: '1'.repeat(21) }, 'phone', 'Phone Number must be at most 20 characters'],
      [{ phone: '1'.repeat(100_000) }, 'phone', 'Phone Number must be at most 20 characters'],
      [{ phone: 9876543210 }, 'phone', 'Phone Number is required'],
      [{ phone: null }, 'phone', 'Phone Number is required'],
    ]),
  )('refuses %s with a 400 naming the field, and changes nothing', async (_, overrides, field, message) => {
    const shopper = await signUp(t.app);
    const before = await getProfile(shopper);
    const body = { name: 'Meera', email: uniqueEmail(), phone: '9876543210', ...overrides };
    const failure = await expectFailure(t.app, patch(shopper, body), 400);
    expect(failure.errors).toContainEqual({ field, message });
    expect(failure.message).toContain(message);
    expect(await getProfile(shopper)).toEqual(before);
  });

  it.each([
    ['malformed JSON', '{"name": "Meera",'],
    ['a JSON array', '[]'],
    ['a JSON string', '"Meera"'],
    ['JSON null', 'null'],
    [
      'a __proto__ key',
      '{"__proto__": {"role": "admin"}, "name": "Meera", "email": "m@example.com"}',
    ],
    [
      'a constructor.prototype key',
      '{"constructor": {"prototype": {"role": "admin"}}, "name": "Meera", "email": "m@example.com"}',
    ],
  ])('answers 400 with a message for %s, and changes nothing', async (_, payload) => {
    const shopper = await signUp(t.app);
    const before = await getProfile(shopper);
    const failure = await expectFailure(
      t.app,
      {
        method: 'PATCH',
        url: '/api/v1/user/profile/update',
        headers: { ...shopper.auth, 'content-type': 'application/json' },
        payload,
      },
      400,
    );
    expect(failure.message.length).toBeGreaterThan(0);
    expect(await getProfile(shopper)).toEqual(before);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('ignores a role, _id or password sent along', async () => {
    const shopper = await signUp(t.app);
    const other = await signUp(t.app);
    const changed = await update(shopper, {
      name: 'Sneaky',
      email: shopper.email,
      role: 'admin',
      _id: other.user._id,
      passwordHash: 'x',
      password: 'N3w$ecret!',
    });
    expect(changed).toMatchObject({ _id: shopper.user._id, role: 'shopper', name: 'Sneaky' });
    expect((await getProfile(other)).name).toBe(other.user.name);
    await expectResult(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: shopper.email, password: PASSWORD },
      },
      SessionSchema,
    );
  });
});

describe('401 without a live session', () => {
  it.each([
    ['GET /user/profile', 'GET', '/api/v1/user/profile'],
    ['PATCH /user/profile/update', 'PATCH', '/api/v1/user/profile/update'],
  ] as const)('%s', async (_, method, url) => {
    const shopper = await signUp(t.app);
    const loggedOut = await signUp(t.app);
    await expectResult(
      t.app,
      { method: 'POST', url: '/api/v1/auth/logout', headers: loggedOut.auth },
      z.null(),
    );
    for (const headers of [
      {},
      { authorization: 'Bearer garbage' },
      { authorization: `Bearer ${shopper.token}x` },
      { authorization: shopper.token },
      loggedOut.auth,
    ]) {
      const failure = await expectFailure(
        t.app,
        { method, url, headers, payload: { name: 'Hacker', email: uniqueEmail() } },
        401,
      );
      expect(failure.message).toBe('Please sign in to continue');
    }
    expect((await getProfile(shopper)).name).toBe(shopper.user.name);
  });
});
