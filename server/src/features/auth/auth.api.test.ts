import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_RATE_LIMITED,
  PASSWORD_MESSAGE,
  SessionSchema,
  SIGNUP_RATE_LIMITED,
} from '#contract';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { PASSWORD, signUp } from '#server-test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ravi Kumar',
  email: `ravi-${crypto.randomUUID()}@example.com`,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...overrides,
});
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url,
  payload: payload as object,
  headers,
});

describe('sign-ups per client address', () => {
  const LIMIT = 3;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { SIGNUP_LIMIT_PER_HOUR: String(LIMIT) } });
  });
  afterAll(() => limited.close());

  const signupFrom = (remoteAddress: string, body = signupBody()) => ({
    ...post('/api/v1/auth/signup', body),
    remoteAddress,
  });

  it(`answers 429 past ${LIMIT} an hour from one address, a taken email counted too; another address is not held`, async () => {
    const address = '198.51.100.23';
    const first = signupBody();
    const statuses = [];
    for (const body of [first, signupBody({ email: first.email }), signupBody()]) {
      statuses.push((await limited.app.inject(signupFrom(address, body))).statusCode);
    }
    expect(statuses).toEqual([201, 409, 201]);
    const refused = await expectFailure(limited.app, signupFrom(address), 429);
    expect(refused.message).toBe(SIGNUP_RATE_LIMITED);
    await expectResult(limited.app, signupFrom('198.51.100.24'), SessionSchema, 201);
  });
});

describe('POST /api/v1/auth/signup', () => {
  it('creates an account and answers a token with the user', async () => {
    const body = signupBody({
      email: '  Mixed.Case@Example.COM '.replace('Mixed', `M${Date.now()}`),
    });
    const session = await expectResult(
      t.app,
      post('/api/v1/auth/signup', body),
      SessionSchema,
      201,
    );
    expect(session.token.length).toBeGreaterThan(30);
    expect(session.user).toMatchObject({ name: 'Ravi Kumar', role: 'shopper', phone: '' });
    expect(session.user.email).toBe(session.user.email.toLowerCase());
    expect(session.user.email).not.toMatch(/\s/);
  });

  it('refuses a taken email, whatever its case', async () => {
    const { email } = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      post('/api/v1/auth/signup', signupBody({ email: email.toUpperCase() })),
      409,
    );
    expect(failure.message).toBe('An account with this email already exists');
    expect(failure.errors).toEqual([
      { field: 'email', message: 'An account with this email already exists' },
    ]);
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: undefined }, 'name', 'Name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Invalid Email format'],
    [{ password: '', confirmPassword: '' }, 'password', 'Password is required'],
    [{ password: 'short1A!', confirmPassword: 'short1A!' }, null, null],
    [
      { password: 'alllowercase1!', confirmPassword: 'alllowercase1!' },
      'password',
      PASSWORD_MESSAGE,
    ],
    [{ password: 'NoSymbol123', confirmPassword: 'NoSymbol123' }, 'password', PASSWORD_MESSAGE],
    [{ password: 'Bad^Char123!', confirmPassword: 'Bad^Char123!' }, 'password', PASSWORD_MESSAGE],
    [{ confirmPassword: '' }, 'confirmPassword', 'Confirm Password is required'],
    [{ confirmPassword: 'Other$ecret1' }, 'confirmPassword', 'Passwords do not match'],
  ])('validates %o', async (overrides, field, message) => {
    const response = await call(t.app, post('/api/v1/auth/signup', signupBody(overrides)));
    if (field === null) {
      expect(response.status).toBe(201);
      return;
    }
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ field, message });
  });
});

describe('POST /api/v1/auth/login', () => {
  it('signs in with remeberMe (the spec spelling) for 30 days, and without it for 1 day', async () => {
    const { email } = await signUp(t.app);
    const day = 24 * 60 * 60 * 1000;
    const remembered = await expectResult(
      t.app,
      post('/api/v1/auth/login', { email, password: PASSWORD, remeberMe: true }),
      SessionSchema,
    );
    expect(Date.parse(remembered.expiresAt) - Date.now()).toBeGreaterThan(29 * day);
    const aliased = await expectResult(
      t.app,
      post('/api/v1/auth/login', {
        email: email.toUpperCase(),
        password: PASSWORD,
        rememberMe: true,
      }),
      SessionSchema,
    );
    expect(Date.parse(aliased.expiresAt) - Date.now()).toBeGreaterThan(29 * day);
    const brief = await expectResult(
      t.app,
      post('/api/v1/auth/login', { email, password: PASSWORD }),
      SessionSchema,
    );
    expect(Date.parse(brief.expiresAt) - Date.now()).toBeLessThanOrEqual(day);
    expect(Date.parse(brief.expiresAt) - Date.now()).toBeGreaterThan(day - 60_000);
  });

  it('answers one message for a wrong password and an unknown email', async () => {
    const { email } = await signUp(t.app);
    const wrongPassword = await expectFailure(
      t.app,
      post('/api/v1/auth/login', { email, password: 'Wrong$ecret1' }),
      401,
    );
    const unknownEmail = await expectFailure(
      t.app,
      post('/api/v1/auth/login', { email: `x${email}`, password: PASSWORD }),
      401,
    );
    expect(wrongPassword.message).toBe('Invalid email or password');
    expect(unknownEmail.message).toBe(wrongPassword.message);
  });

  it('validates the form', async () => {
    const failure = await expectFailure(
      t.app,
      post('/api/v1/auth/login', { email: 'nope', password: '' }),
      400,
    );
    expect(failure.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Invalid Email format' },
        { field: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('holds an email at one address after 10 failures in 15 minutes, even with the right password', async () => {
    const { email } = await signUp(t.app);
    for (let attempt = 0; attempt < 10; attempt++) {
      await expectFailure(
        t.app,
        post('/api/v1/auth/login', { email, password: 'Wrong$ecret1' }),
        401,
      );
    }
    const locked = await expectFailure(
      t.app,
      post('/api/v1/auth/login', { email, password: PASSWORD }),
      429,
    );
    expect(locked.message).toBe(LOGIN_RATE_LIMITED);
  });

  it('locks a client address out after 100 failures across emails', async () => {
    const remoteAddress = '203.0.113.7';
    const { email } = await signUp(t.app);
    for (let attempt = 0; attempt < 100; attempt++) {
      const response = await t.app.inject({
        ...post('/api/v1/auth/login', {
          email: `nobody-${attempt}@example.com`,
          password: 'Wrong$ecret1',
        }),
        remoteAddress,
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      ...post('/api/v1/auth/login', { email, password: PASSWORD }),
      remoteAddress,
    });
    expect(locked.statusCode).toBe(429);
    const elsewhere = await t.app.inject({
      ...post('/api/v1/auth/login', { email, password: PASSWORD }),
      remoteAddress: '198.51.100.9',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('ends a token at logout', async () => {
    const shopper = await signUp(t.app);
    const out = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: shopper.auth,
    });
    expect(out.status).toBe(200);
    await expectFailure(
      t.app,
      { method: 'POST', url: '/api/v1/auth/logout', headers: shopper.auth },
      401,
    );
  });

  it('answers 401 without a token and with a garbage one', async () => {
    await expectFailure(t.app, { method: 'POST', url: '/api/v1/auth/logout' }, 401);
    for (const authorization of [
      'Bearer nope',
      'Bearer ',
      'Basic abc',
      `Bearer ${'x'.repeat(500)}`,
      'Bearer a b',
    ]) {
      await expectFailure(
        t.app,
        { method: 'POST', url: '/api/v1/auth/logout', headers: { authorization } },
        401,
      );
    }
  });

  it('signs out of every device', async () => {
    const shopper = await signUp(t.app);
    const other = await expectResult(
      t.app,
      post('/api/v1/auth/login', { email: shopper.email, password: PASSWORD }),
      SessionSchema,
    );
    await call(t.app, { method: 'POST', url: '/api/v1/auth/logout-all', headers: shopper.auth });
    await expectFailure(
      t.app,
      { method: 'POST', url: '/api/v1/auth/logout', headers: shopper.auth },
      401,
    );
    await expectFailure(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { authorization: `Bearer ${other.token}` },
      },
      401,
    );
  });

  it('changes the password, ending the other sessions but not this one', async () => {
    const shopper = await signUp(t.app);
    const other = await expectResult(
      t.app,
      post('/api/v1/auth/login', { email: shopper.email, password: PASSWORD }),
      SessionSchema,
    );
    const wrong = await expectFailure(
      t.app,
      post(
        '/api/v1/auth/change-password',
        {
          currentPassword: 'Wrong$ecret1',
          newPassword: 'N3w$ecret!',
          confirmPassword: 'N3w$ecret!',
        },
        shopper.auth,
      ),
      400,
    );
    expect(wrong.errors).toEqual([
      { field: 'currentPassword', message: 'Current password is incorrect' },
    ]);
    const changed = await call(
      t.app,
      post(
        '/api/v1/auth/change-password',
        { currentPassword: PASSWORD, newPassword: 'N3w$ecret!', confirmPassword: 'N3w$ecret!' },
        shopper.auth,
      ),
    );
    expect(changed.status).toBe(200);
    await expectFailure(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { authorization: `Bearer ${other.token}` },
      },
      401,
    );
    await expectFailure(
      t.app,
      post('/api/v1/auth/login', { email: shopper.email, password: PASSWORD }),
      401,
    );
    await expectResult(
      t.app,
      post('/api/v1/auth/login', { email: shopper.email, password: 'N3w$ecret!' }),
      SessionSchema,
    );
  });
});
