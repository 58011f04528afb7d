import { createHash, randomBytes } from 'node:crypto';
import type { ChangePasswordBody, LoginBody, Session, SignupBody } from '#contract';
import type { Database } from '#server/db/client.ts';
import { AppError, badRequest, conflict, unauthorized } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { toSession } from './auth.mapper.ts';
import {
  clearLoginFailures,
  countLoginFailures,
  deleteSession,
  deleteUserSessions,
  findSession,
  findUserByEmail,
  findUserById,
  insertSession,
  insertUser,
  recordLoginFailure,
  type UserRow,
  updateUser,
} from './auth.repository.ts';
import { hashPassword, verifyDecoy, verifyPassword } from './passwords.ts';

const HOUR_MS = 60 * 60 * 1000;
/** 'Remember me' keeps a session 30 days, otherwise 1 day (D14). */
const SESSION_TTL_MS = { remembered: 30 * 24 * HOUR_MS, default: 24 * HOUR_MS };
/** Failed sign-ins: tight per email, loose per client address, so one office is not locked out (D14). */
const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_EMAIL = 10;
const MAX_FAILURES_PER_ADDRESS = 100;

export const EMAIL_TAKEN = 'An account with this email already exists';
const WRONG_CREDENTIALS = 'Invalid email or password';

/** Tokens are random and opaque; only their hash is stored. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createAuthService(db: Database) {
  async function startSession(user: UserRow, remembered: boolean): Promise<Session> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(
      Date.now() + (remembered ? SESSION_TTL_MS.remembered : SESSION_TTL_MS.default),
    );
    await insertSession(db, { tokenHash: hashToken(token), userId: user.id, expiresAt });
    return toSession(token, expiresAt, user);
  }

  return {
    async signup(body: SignupBody): Promise<Session> {
      const user = await insertUser(db, {
        name: body.name,
        email: body.email,
        passwordHash: await hashPassword(body.password),
      });
      if (!user) throw conflict(EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
      return startSession(user, false);
    },

    async login(body: LoginBody, clientAddress: string): Promise<Session> {
      const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
      const failures = await countLoginFailures(db, since, body.email, clientAddress);
      if (
        failures.byEmail >= MAX_FAILURES_PER_EMAIL ||
        failures.byAddress >= MAX_FAILURES_PER_ADDRESS
      ) {
        throw new AppError(
          'rate_limited',
          'Too many failed sign-in attempts. Please try again in 15 minutes.',
        );
      }
      const user = await findUserByEmail(db, body.email);
      const valid = user
        ? await verifyPassword(user.passwordHash, body.password)
        : await verifyDecoy(body.password);
      if (!user || !valid) {
        await recordLoginFailure(db, { email: body.email, clientAddress }, since);
        throw unauthorized(WRONG_CREDENTIALS);
      }
      await clearLoginFailures(db, body.email);
      return startSession(user, body.rememberMe);
    },

    /** The user behind a bearer token, or undefined when it is unknown, expired or ended. */
    async authenticate(token: string): Promise<AuthUser | undefined> {
      const session = await findSession(db, hashToken(token));
      if (!session) return undefined;
      const { user } = session;
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        sessionId: session.sessionId,
      };
    },

    logout: (user: AuthUser) => deleteSession(db, user.sessionId),

    logoutEverywhere: (user: AuthUser) => deleteUserSessions(db, user.id),

    async changePassword(user: AuthUser, body: ChangePasswordBody): Promise<void> {
      const row = await findUserById(db, user.id);
      if (!row || !(await verifyPassword(row.passwordHash, body.currentPassword))) {
        const message = 'Current password is incorrect';
        throw badRequest(message, [{ field: 'currentPassword', message }]);
      }
      await updateUser(db, user.id, { passwordHash: await hashPassword(body.newPassword) });
      // Whoever knew the old password is signed out everywhere else.
      await deleteUserSessions(db, user.id, user.sessionId);
    },

    // The accounts other features read and write (profile, making an admin),
    // executor first so that they can run inside the caller's transaction.
    findUserById,
    findUserByEmail,
    insertUser,
    updateUser,
    deleteUserSessions,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
