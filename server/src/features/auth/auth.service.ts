import {
  type ChangePasswordBody,
  CURRENT_PASSWORD_INCORRECT,
  FORGOT_PASSWORD_ANSWER,
  type ForgotPasswordBody,
  type LoginBody,
  RESET_LINK_INVALID,
  type ResetPasswordBody,
  type Session,
  type SignupBody,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import type { RateLimitsService } from '#server/features/rate-limits/rate-limits.service.ts';
import { AppError, badRequest, conflict, unauthorized } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { toSession } from './auth.mapper.ts';
import {
  deleteSession,
  deleteUserSessions,
  endOtherAccess,
  findSession,
  findUserByEmail,
  findUserById,
  insertSession,
  insertUser,
  type UserRow,
  updateUser,
  usePasswordResetToken,
} from './auth.repository.ts';
import type { Passwords } from './passwords.ts';
import { sendPasswordResetLink } from './reset-links.ts';
import { hashToken, newToken } from './tokens.ts';

const HOUR_MS = 60 * 60 * 1000;
/** 'Remember me' keeps a session 30 days, otherwise 1 day (D14). */
const SESSION_TTL_MS = { remembered: 30 * 24 * HOUR_MS, default: 24 * HOUR_MS };
/** Failed sign-ins: tight per email, loose per client address, so one office is not locked out (D14). */
const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_EMAIL = 10;
const MAX_FAILURES_PER_ADDRESS = 100;
const LOGIN_BY_EMAIL = 'login:email';
const LOGIN_BY_ADDRESS = 'login:address';
/** Reset links asked for: a few per email (its owner's inbox), more per client address (D29). */
const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;
const MAX_RESET_REQUESTS_PER_EMAIL = 5;
const MAX_RESET_REQUESTS_PER_ADDRESS = 30;

export const EMAIL_TAKEN = 'An account with this email already exists';
const WRONG_CREDENTIALS = 'Invalid email or password';

export interface AuthDependencies {
  rateLimits: RateLimitsService;
  mail: Pick<MailService, 'welcome' | 'passwordReset'>;
  passwords: Passwords;
}

export function createAuthService(db: Database, deps: AuthDependencies) {
  const { rateLimits, mail } = deps;
  const { hashPassword, verifyPassword, verifyDecoy } = deps.passwords;
  async function startSession(
    executor: Database,
    user: UserRow,
    remembered: boolean,
  ): Promise<Session> {
    const token = newToken();
    const expiresAt = new Date(
      Date.now() + (remembered ? SESSION_TTL_MS.remembered : SESSION_TTL_MS.default),
    );
    await insertSession(executor, { tokenHash: hashToken(token), userId: user.id, expiresAt });
    return toSession(token, expiresAt, user);
  }

  return {
    async signup(body: SignupBody): Promise<Session> {
      const passwordHash = await hashPassword(body.password);
      return db.transaction(async (tx) => {
        const user = await insertUser(tx, { name: body.name, email: body.email, passwordHash });
        if (!user) throw conflict(EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
        await mail.welcome(tx, user);
        return startSession(tx, user, false);
      });
    },

    /**
     * Each attempt is reserved in the database before the password is
     * verified, and a failed one keeps its reservation: so a burst of guesses,
     * on any number of processes, gets at most the limit verified (D14, D30).
     */
    async login(body: LoginBody, clientAddress: string): Promise<Session> {
      const reserved = await rateLimits.reserve(
        [
          { name: LOGIN_BY_EMAIL, key: body.email, max: MAX_FAILURES_PER_EMAIL },
          { name: LOGIN_BY_ADDRESS, key: clientAddress, max: MAX_FAILURES_PER_ADDRESS },
        ],
        LOGIN_FAILURE_WINDOW_MS,
      );
      if (!reserved) {
        throw new AppError(
          'rate_limited',
          'Too many failed sign-in attempts. Please try again in 15 minutes.',
        );
      }
      const user = await findUserByEmail(db, body.email);
      const valid = user
        ? await verifyPassword(user.passwordHash, body.password)
        : await verifyDecoy(body.password);
      if (!user || !valid) throw unauthorized(WRONG_CREDENTIALS);
      // The owner is back: the email's failures are forgotten, and this attempt was no failure.
      await rateLimits.reset(LOGIN_BY_EMAIL, body.email);
      await rateLimits.giveBack(LOGIN_BY_ADDRESS, clientAddress);
      return startSession(db, user, body.rememberMe);
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
        const message = CURRENT_PASSWORD_INCORRECT;
        throw badRequest(message, [{ field: 'currentPassword', message }]);
      }
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await updateUser(tx, user.id, { passwordHash });
        // Whoever knew the old password is signed out everywhere else, and its links are dead.
        await endOtherAccess(tx, user.id, user.sessionId);
      });
    },

    /**
     * Emails a reset link when the account exists, and answers the same either
     * way (D29). Requests are limited per email and per client address, counted
     * in the database like sign-ins, whether or not the account exists.
     */
    async forgotPassword(body: ForgotPasswordBody, clientAddress: string) {
      const allowed = await rateLimits.reserve(
        [
          { name: 'password-reset:email', key: body.email, max: MAX_RESET_REQUESTS_PER_EMAIL },
          {
            name: 'password-reset:address',
            key: clientAddress,
            max: MAX_RESET_REQUESTS_PER_ADDRESS,
          },
        ],
        RESET_REQUEST_WINDOW_MS,
      );
      if (!allowed) {
        throw new AppError(
          'rate_limited',
          'Too many password reset requests. Please try again in an hour.',
        );
      }
      const user = await findUserByEmail(db, body.email);
      if (user) await db.transaction((tx) => sendPasswordResetLink(tx, mail, user));
      return { message: FORGOT_PASSWORD_ANSWER };
    },

    /**
     * Sets a new password with a reset link, once (D29): the link and every
     * other link of the account stop working, every session ends (whoever
     * got in with the old password is out) and a fresh one starts.
     */
    async resetPassword(body: ResetPasswordBody): Promise<Session> {
      const passwordHash = await hashPassword(body.password);
      return db.transaction(async (tx) => {
        const now = new Date();
        const userId = await usePasswordResetToken(tx, hashToken(body.token), now);
        const user = userId && (await updateUser(tx, userId, { passwordHash }));
        if (!user)
          throw badRequest(RESET_LINK_INVALID, [{ field: 'token', message: RESET_LINK_INVALID }]);
        await endOtherAccess(tx, user.id);
        return startSession(tx, user, false);
      });
    },

    ...accountsAccess(),
  };
}

/**
 * The accounts other features read and write (profile, making an admin),
 * executor first so that they can run inside the caller's transaction.
 */
export const accountsAccess = () => ({
  findUserById,
  findUserByEmail,
  insertUser,
  updateUser,
  deleteUserSessions,
});

export type AuthService = ReturnType<typeof createAuthService>;
