/**
 * Changing the email (issue 23): it needs the current password, takes effect
 * only when the link mailed to the new address is opened, and the old address
 * is told with a 'this was not me' link. Opening the link ends the account's
 * other sessions and voids its reset links.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CURRENT_PASSWORD_INCORRECT,
  CURRENT_PASSWORD_REQUIRED,
  EMAIL_CHANGE_EMAIL_TAKEN,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_UNDO_LINK_INVALID,
  EMAIL_CHANGE_UNDONE,
  ProfileSchema,
  RESET_LINK_INVALID,
  SessionSchema,
} from '#contract';
import { emailChanges } from '#server/db/schema/accounts.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { call, clientAddresses, expectFailure, expectResult } from '#server-test/http.ts';
import { findLinkTokens, findMessagesTo } from '#server-test/outbox.ts';
import { PASSWORD, type SignedUp, signUp } from '#server-test/users.ts';

const PUBLIC_URL = 'https://shop.example';
const NEW_PASSWORD = 'N3w$ecret!';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
});
afterAll(() => t.close());

const uniqueEmail = (label = 'new') => `${label}-${crypto.randomUUID()}@example.com`;

const patch = (shopper: SignedUp, payload: Record<string, unknown>): InjectOptions => ({
  method: 'PATCH',
  url: '/api/v1/user/profile/update',
  headers: shopper.auth,
  payload: { name: shopper.user.name, ...payload },
});

const getProfile = (auth: { authorization: string }) =>
  expectResult(t.app, { method: 'GET', url: '/api/v1/user/profile', headers: auth }, ProfileSchema);

const isSignedIn = async (auth: { authorization: string }) =>
  (await call(t.app, { url: '/api/v1/user/profile', headers: auth })).status === 200;

/** Each sign-in and reset request from a client address of its own, so no test meets another's limits. */
const signInAddress = clientAddresses('10.23');
const resetAddress = clientAddresses('10.24');
const login = (email: string, password = PASSWORD) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: signInAddress(),
  });

/** A second session of the shopper, as from another device. */
async function otherSession(shopper: SignedUp) {
  const response = await login(shopper.email);
  expect(response.status).toBe(200);
  return { authorization: `Bearer ${SessionSchema.parse(response.body.result).token}` };
}

const confirm = (token: string) => ({
  method: 'POST' as const,
  url: '/api/v1/user/email-change/confirm',
  payload: { token },
});

const cancel = (token: string) => ({
  method: 'POST' as const,
  url: '/api/v1/user/email-change/cancel',
  payload: { token },
});

/** Asks for a new email with the right password; returns the two mailed tokens. */
async function requestChange(shopper: SignedUp, newEmail = uniqueEmail()) {
  const profile = await expectResult(
    t.app,
    patch(shopper, { email: newEmail, currentPassword: PASSWORD }),
    ProfileSchema,
  );
  const confirmToken = (await findLinkTokens(t.db, newEmail, 'email-change-confirm')).at(-1) ?? '';
  const undoToken = (await findLinkTokens(t.db, shopper.email, 'email-change-notice')).at(-1) ?? '';
  return { profile, newEmail, confirmToken, undoToken };
}

async function resetLinkFor(email: string) {
  await call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/forgot-password',
    payload: { email },
    remoteAddress: resetAddress(),
  });
  return (await findLinkTokens(t.db, email, 'password-reset')).at(-1) ?? '';
}

const resetWith = (token: string) => ({
  method: 'POST' as const,
  url: '/api/v1/auth/reset-password',
  payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
});

describe('PATCH /api/v1/user/profile/update with a new email', () => {
  it.each([
    ['no current password', {}, CURRENT_PASSWORD_REQUIRED],
    ['an empty current password', { currentPassword: '' }, CURRENT_PASSWORD_REQUIRED],
    ['a wrong current password', { currentPassword: 'Wr0ng$ecret' }, CURRENT_PASSWORD_INCORRECT],
  ])('with %s answers 400 on currentPassword and changes nothing', async (_, extra, message) => {
    const shopper = await signUp(t.app, { name: 'Before' });
    const newEmail = uniqueEmail();
    const failure = await expectFailure(
      t.app,
      patch(shopper, { name: 'After', email: newEmail, phone: '9876543210', ...extra }),
      400,
    );
    expect(failure.errors).toEqual([{ field: 'currentPassword', message }]);
    expect(await getProfile(shopper.auth)).toMatchObject({
      name: 'Before',
      email: shopper.email,
      phone: '',
      pendingEmail: null,
    });
    expect(await findMessagesTo(t.db, newEmail)).toEqual([]);
    expect((await login(newEmail)).status).toBe(401);
  });

  it('with the right password keeps the old email until the link is opened, and mails both addresses', async () => {
    const shopper = await signUp(t.app, { name: 'Asha <b>Rao</b>' });
    const { profile, newEmail, confirmToken, undoToken } = await requestChange(shopper);
    expect(profile).toMatchObject({ email: shopper.email, pendingEmail: newEmail });
    expect(await getProfile(shopper.auth)).toMatchObject({
      email: shopper.email,
      pendingEmail: newEmail,
    });
    expect((await login(shopper.email)).status).toBe(200);
    expect((await login(newEmail)).status).toBe(401);

    const [toNew] = await findMessagesTo(t.db, newEmail);
    expect(toNew?.kind).toBe('email-change-confirm');
    expect(toNew?.text).toContain(`${PUBLIC_URL}/email-change/confirm?token=${confirmToken}`);
    // The new address is not yet shown to be the shopper's: no name typed by anyone reaches it.
    expect(toNew?.text).not.toContain('Asha');
    expect(toNew?.html).not.toContain('Asha');
    const notice = (await findMessagesTo(t.db, shopper.email)).find(
      (message) => message.kind === 'email-change-notice',
    );
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).toContain(`This was not me: ${PUBLIC_URL}/email-change/cancel?token=`);
    expect(undoToken).not.toBe(confirmToken);

    // Only hashes are stored.
    const [row] = await t.db
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.userId, shopper.user._id));
    expect(JSON.stringify(row)).not.toContain(confirmToken);
    expect(JSON.stringify(row)).not.toContain(undoToken);
  });

  it('refuses an email another account has, even with the right password', async () => {
    const owner = await signUp(t.app);
    const shopper = await signUp(t.app);
    await expectFailure(
      t.app,
      patch(shopper, { email: owner.email.toUpperCase(), currentPassword: PASSWORD }),
      409,
    );
    expect((await getProfile(shopper.auth)).pendingEmail).toBeNull();
  });

  it('changes name and phone without a password when the email stays', async () => {
    const shopper = await signUp(t.app);
    const profile = await expectResult(
      t.app,
      patch(shopper, { name: 'Meera', email: shopper.email.toUpperCase(), phone: '9876543210' }),
      ProfileSchema,
    );
    expect(profile).toMatchObject({ name: 'Meera', email: shopper.email, phone: '9876543210' });
  });
});

describe('POST /api/v1/user/email-change/confirm', () => {
  it('changes the email, keeps the asking session, ends the others and voids reset links', async () => {
    const shopper = await signUp(t.app);
    const elsewhere = await otherSession(shopper);
    const resetToken = await resetLinkFor(shopper.email);
    const { newEmail, confirmToken } = await requestChange(shopper);

    const result = await expectResult(
      t.app,
      confirm(confirmToken),
      z.object({ email: z.string() }),
    );
    expect(result.email).toBe(newEmail);
    expect(await getProfile(shopper.auth)).toMatchObject({ email: newEmail, pendingEmail: null });
    expect(await isSignedIn(elsewhere)).toBe(false);
    const voided = await expectFailure(t.app, resetWith(resetToken), 400);
    expect(voided.message).toBe(RESET_LINK_INVALID);
    expect((await login(newEmail)).status).toBe(200);
    expect((await login(shopper.email)).status).toBe(401);
  });

  it('works once, and not after it expired or a newer change replaced it', async () => {
    const shopper = await signUp(t.app);
    const first = await requestChange(shopper);
    const second = await requestChange(shopper);
    expect((await getProfile(shopper.auth)).pendingEmail).toBe(second.newEmail);
    const replaced = await expectFailure(t.app, confirm(first.confirmToken), 400);
    expect(replaced.errors).toEqual([{ field: 'token', message: EMAIL_CHANGE_LINK_INVALID }]);

    await t.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, shopper.user._id));
    expect((await getProfile(shopper.auth)).pendingEmail).toBeNull();
    await expectFailure(t.app, confirm(second.confirmToken), 400);
    expect((await getProfile(shopper.auth)).email).toBe(shopper.email);

    const third = await requestChange(shopper);
    await expectResult(t.app, confirm(third.confirmToken), z.object({ email: z.string() }));
    const reused = await expectFailure(t.app, confirm(third.confirmToken), 400);
    expect(reused.message).toBe(EMAIL_CHANGE_LINK_INVALID);
    await expectFailure(t.app, confirm('not-a-real-token'), 400);
    await expectFailure(
      t.app,
      { method: 'POST', url: '/api/v1/user/email-change/confirm', payload: {} },
      400,
    );
  });

  it('answers 409 when another account took the email meanwhile, and changes nothing', async () => {
    const shopper = await signUp(t.app);
    const { newEmail, confirmToken } = await requestChange(shopper);
    await signUp(t.app, { email: newEmail });
    const failure = await expectFailure(t.app, confirm(confirmToken), 409);
    expect(failure.message).toBe(EMAIL_CHANGE_EMAIL_TAKEN);
    expect((await getProfile(shopper.auth)).email).toBe(shopper.email);
  });
});

describe("POST /api/v1/user/email-change/cancel ('this was not me')", () => {
  it('stops a pending change, ends every session, locks the password and mails a reset link to the old address', async () => {
    const shopper = await signUp(t.app);
    const elsewhere = await otherSession(shopper);
    const { newEmail, confirmToken, undoToken } = await requestChange(shopper);
    const result = await expectResult(t.app, cancel(undoToken), z.object({ message: z.string() }));
    expect(result.message).toBe(EMAIL_CHANGE_UNDONE);

    expect(await isSignedIn(shopper.auth)).toBe(false);
    expect(await isSignedIn(elsewhere)).toBe(false);
    await expectFailure(t.app, confirm(confirmToken), 400);
    expect((await login(shopper.email)).status).toBe(401);
    expect((await login(newEmail)).status).toBe(401);

    const [resetToken = ''] = await findLinkTokens(t.db, shopper.email, 'password-reset');
    const session = await expectResult(t.app, resetWith(resetToken), SessionSchema);
    expect(session.user.email).toBe(shopper.email);
    expect(await getProfile({ authorization: `Bearer ${session.token}` })).toMatchObject({
      pendingEmail: null,
    });

    const reused = await expectFailure(t.app, cancel(undoToken), 400);
    expect(reused.errors).toEqual([{ field: 'token', message: EMAIL_CHANGE_UNDO_LINK_INVALID }]);
  });

  it('puts the old email back when the change was already confirmed', async () => {
    const shopper = await signUp(t.app);
    const { newEmail, confirmToken, undoToken } = await requestChange(shopper);
    await expectResult(t.app, confirm(confirmToken), z.object({ email: z.string() }));
    await expectResult(t.app, cancel(undoToken), z.object({ message: z.string() }));
    const [resetToken = ''] = await findLinkTokens(t.db, shopper.email, 'password-reset');
    const session = await expectResult(t.app, resetWith(resetToken), SessionSchema);
    expect(session.user.email).toBe(shopper.email);
    expect((await login(newEmail, NEW_PASSWORD)).status).toBe(401);
  });

  it('refuses an expired or unknown link', async () => {
    const shopper = await signUp(t.app);
    const { undoToken } = await requestChange(shopper);
    await t.db
      .update(emailChanges)
      .set({ undoExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, shopper.user._id));
    await expectFailure(t.app, cancel(undoToken), 400);
    await expectFailure(t.app, cancel('not-a-real-token'), 400);
    expect(await isSignedIn(shopper.auth)).toBe(true);
  });
});

describe('a password change', () => {
  it('ends the other sessions, voids reset links and unconfirmed email changes', async () => {
    const shopper = await signUp(t.app);
    const elsewhere = await otherSession(shopper);
    const resetToken = await resetLinkFor(shopper.email);
    const { confirmToken } = await requestChange(shopper);
    await expectResult(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/auth/change-password',
        headers: shopper.auth,
        payload: {
          currentPassword: PASSWORD,
          newPassword: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
      },
      z.null(),
    );
    expect(await isSignedIn(shopper.auth)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect((await expectFailure(t.app, resetWith(resetToken), 400)).message).toBe(
      RESET_LINK_INVALID,
    );
    await expectFailure(t.app, confirm(confirmToken), 400);
    expect((await getProfile(shopper.auth)).pendingEmail).toBeNull();
  });
});
