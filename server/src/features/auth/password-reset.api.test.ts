/**
 * Password reset by emailed link (D29): the same answer for every email, a
 * single-use token stored hashed that expires in 30 minutes, and on success
 * every session of the account ends and a fresh one starts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  FORGOT_PASSWORD_ANSWER,
  PASSWORD_MESSAGE,
  RESET_LINK_INVALID,
  RESET_PASSWORD_RATE_LIMITED,
  SessionSchema,
} from '#contract';
import { passwordResetTokens } from '#server/db/schema/accounts.ts';
import { createAuthService } from '#server/features/auth/auth.service.ts';
import { createPasswords } from '#server/features/auth/passwords.ts';
import { createMailService } from '#server/features/mail/mail.service.ts';
import { createRateLimitsService } from '#server/features/rate-limits/rate-limits.service.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { call, clientAddresses, expectFailure, expectResult } from '#server-test/http.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import { signUp } from '#server-test/users.ts';

const NEW_PASSWORD = 'N3w$ecret!';
const RESET_ATTEMPTS_PER_ADDRESS = 20;
const ForgotResultSchema = z.object({ message: z.string() });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });
});
afterAll(() => t.close());

/** Each request from a client address of its own, unless a test is about the address. */
const freshAddress = clientAddresses('10.30');

const forgot = (email: string, remoteAddress = freshAddress()) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/forgot-password',
    payload: { email },
    remoteAddress,
  });

const reset = (
  token: string,
  password = NEW_PASSWORD,
  confirmPassword = password,
  remoteAddress = freshAddress(),
) => ({
  method: 'POST' as const,
  url: '/api/v1/auth/reset-password',
  payload: { token, password, confirmPassword },
  remoteAddress,
});

/** The tokens of every reset link emailed to an address, oldest first. */
async function linksTo(email: string): Promise<string[]> {
  const messages = await findMessagesTo(t.db, email);
  return messages
    .filter((message) => message.kind === 'password-reset')
    .map((message) => {
      const token = /https:\/\/shop\.example\/reset-password\?token=([\w-]+)/.exec(
        message.text,
      )?.[1];
      if (!token) throw new Error(`No link in: ${message.text}`);
      return token;
    });
}

const isSignedIn = async (auth: { authorization: string }) =>
  (await call(t.app, { url: '/api/v1/order/history', headers: auth })).status === 200;

describe('POST /api/v1/auth/forgot-password', () => {
  it('answers the same for an account and for an unknown email, and emails only the account', async () => {
    const shopper = await signUp(t.app);
    const unknown = `nobody-${crypto.randomUUID()}@example.com`;
    const known = await forgot(shopper.email.toUpperCase());
    const stranger = await forgot(unknown);
    expect(known).toMatchObject({ status: 200 });
    expect(stranger.status).toBe(known.status);
    expect(stranger.body).toEqual(known.body);
    expect(ForgotResultSchema.parse(known.body.result).message).toBe(FORGOT_PASSWORD_ANSWER);
    expect(await linksTo(shopper.email)).toHaveLength(1);
    expect(await findMessagesTo(t.db, unknown)).toEqual([]);
    const [message] = (await findMessagesTo(t.db, shopper.email)).filter(
      (each) => each.kind === 'password-reset',
    );
    expect(message?.text).toContain('The link works once, for 30 minutes.');
  });

  it('stores only a hash of the token, expiring in 30 minutes', async () => {
    const shopper = await signUp(t.app);
    const before = Date.now();
    await forgot(shopper.email);
    const [token] = await linksTo(shopper.email);
    const rows = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, shopper.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
    const minutes = ((rows[0]?.expiresAt.getTime() ?? 0) - before) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThanOrEqual(30.1);
  });

  it('limits requests to 5 an hour per email, whether or not the account exists', async () => {
    for (const email of [(await signUp(t.app)).email, `ghost-${crypto.randomUUID()}@example.com`]) {
      const statuses = [];
      for (let index = 0; index < 6; index++) statuses.push((await forgot(email)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });

  it('limits requests to 30 an hour per client address', async () => {
    const address = freshAddress();
    const statuses = [];
    for (let index = 0; index < 31; index++) {
      statuses.push((await forgot(`many-${crypto.randomUUID()}@example.com`, address)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers 400 for a missing or malformed email', async () => {
    const failure = await expectFailure(
      t.app,
      { method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: 'not-an-email' } },
      400,
    );
    expect(failure.errors).toEqual([{ field: 'email', message: 'Invalid Email format' }]);
  });
});

describe('POST /api/v1/auth/reset-password', () => {
  it('sets the new password, ends every session and starts a fresh one', async () => {
    const shopper = await signUp(t.app);
    const other = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: shopper.email, password: shopper.password },
    });
    const otherAuth = { authorization: `Bearer ${other.body.result.token}` };
    await forgot(shopper.email);
    const [token = ''] = await linksTo(shopper.email);

    const session = await expectResult(t.app, reset(token), SessionSchema);
    expect(session.user.email).toBe(shopper.email);
    expect(await isSignedIn(shopper.auth)).toBe(false);
    expect(await isSignedIn(otherAuth)).toBe(false);
    expect(await isSignedIn({ authorization: `Bearer ${session.token}` })).toBe(true);

    const login = (password: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: shopper.email, password },
        remoteAddress: freshAddress(),
      });
    expect((await login(shopper.password)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
  });

  it('works once: the same link again, or an older link of the account, answers 400', async () => {
    const shopper = await signUp(t.app);
    await forgot(shopper.email);
    await forgot(shopper.email);
    const [older = '', newer = ''] = await linksTo(shopper.email);
    await expectResult(t.app, reset(newer), SessionSchema);
    for (const token of [newer, older]) {
      const failure = await expectFailure(t.app, reset(token, 'An0ther$ecret'), 400);
      expect(failure.message).toBe(RESET_LINK_INVALID);
    }
  });

  it('of two resets racing with one link, exactly one succeeds', async () => {
    const shopper = await signUp(t.app);
    await forgot(shopper.email);
    const [token = ''] = await linksTo(shopper.email);
    const statuses = await Promise.all(
      [1, 2, 3].map(async () => (await t.app.inject(reset(token))).statusCode),
    );
    expect(statuses.sort()).toEqual([200, 400, 400]);
  });

  it('answers 400 for an expired link and leaves the password as it was', async () => {
    const shopper = await signUp(t.app);
    await forgot(shopper.email);
    const [token = ''] = await linksTo(shopper.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, shopper.user._id));
    const failure = await expectFailure(t.app, reset(token), 400);
    expect(failure.message).toBe(RESET_LINK_INVALID);
    expect(failure.errors).toEqual([{ field: 'token', message: RESET_LINK_INVALID }]);
    expect(await isSignedIn(shopper.auth)).toBe(true);
  });

  it('checks the token before it hashes: an unknown one costs no password hash', async () => {
    const hashed: string[] = [];
    const passwords = createPasswords('test');
    const auth = createAuthService(t.db, {
      rateLimits: createRateLimitsService(t.db),
      mail: createMailService(t.db, { smtpUrl: undefined, publicUrl: 'https://shop.example' }),
      passwords: {
        ...passwords,
        hashPassword: (password) => {
          hashed.push(password);
          return passwords.hashPassword(password);
        },
      },
      signupLimitPerHour: 1,
    });
    const body = {
      token: 'not-a-real-token',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    };
    await expect(auth.resetPassword(body, freshAddress())).rejects.toMatchObject({
      kind: 'bad_request',
      message: RESET_LINK_INVALID,
    });
    expect(hashed).toEqual([]);

    const shopper = await signUp(t.app);
    await forgot(shopper.email);
    const [token] = await linksTo(shopper.email);
    if (!token) throw new Error('No reset link');
    await auth.resetPassword({ ...body, token }, freshAddress());
    expect(hashed).toEqual([NEW_PASSWORD]);
  });

  it(`limits attempts to ${RESET_ATTEMPTS_PER_ADDRESS} an hour per client address`, async () => {
    const address = freshAddress();
    const statuses = [];
    for (let index = 0; index <= RESET_ATTEMPTS_PER_ADDRESS; index++) {
      statuses.push(
        (await t.app.inject(reset(`guess-${index}`, NEW_PASSWORD, NEW_PASSWORD, address)))
          .statusCode,
      );
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(RESET_ATTEMPTS_PER_ADDRESS);
    const limited = await expectFailure(
      t.app,
      reset('guess-again', NEW_PASSWORD, NEW_PASSWORD, address),
      429,
    );
    expect(limited.message).toBe(RESET_PASSWORD_RATE_LIMITED);
    // Another address is not held.
    await expectFailure(t.app, reset('guess-elsewhere'), 400);
  });

  it('a password change voids every outstanding reset link', async () => {
    const shopper = await signUp(t.app);
    await forgot(shopper.email);
    const [token = ''] = await linksTo(shopper.email);
    await expectResult(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/auth/change-password',
        headers: shopper.auth,
        payload: {
          currentPassword: shopper.password,
          newPassword: 'An0ther$ecret',
          confirmPassword: 'An0ther$ecret',
        },
      },
      z.null(),
    );
    const failure = await expectFailure(t.app, reset(token), 400);
    expect(failure.message).toBe(RESET_LINK_INVALID);
    expect(await isSignedIn(shopper.auth)).toBe(true);
  });

  it('answers 400 for an unknown token, a weak password or a confirmation that differs', async () => {
    const unknown = await expectFailure(t.app, reset('not-a-real-token'), 400);
    expect(unknown.message).toBe(RESET_LINK_INVALID);
    const weak = await expectFailure(t.app, reset('any', 'weakpass'), 400);
    expect(weak.errors).toContainEqual({ field: 'password', message: PASSWORD_MESSAGE });
    const differs = await expectFailure(t.app, reset('any', NEW_PASSWORD, 'N3w$ecret?'), 400);
    expect(differs.errors).toContainEqual({
      field: 'confirmPassword',
      message: 'Passwords do not match',
    });
  });
});
