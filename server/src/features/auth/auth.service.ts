import {
  type ChangePasswordBody,
  CURRENT_PASSWORD_INCORRECT,
  FORGOT_PASSWORD_ANSWER,
  FORGOT_PASSWORD_RATE_LIMITED,
  type ForgotPasswordBody,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_RATE_LIMITED,
  type LoginBody,
  RESET_LINK_INVALID,
  RESET_PASSWORD_RATE_LIMITED,
  type ResetPasswordBody,
  type Session,
  SIGNUP_RATE_LIMITED,
  type SignupBody,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import type { RateLimitsService } from '#server/features/rate-limits/rate-limits.service.ts';
import { AppError, badRequest, conflict, unauthorized } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import { toSession } from './auth.mapper.ts';
import {
  deleteSession,
  deleteUserSessions,
  endOtherAccess,
  findLivePasswordResetToken,
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

/** The mapper's shape other features need (decision 011): the profile answers the user. */
export { toUser } from './auth.mapper.ts';

const HOUR_MS = 60 * 60 * 1000;
/** 'Remember me' keeps a session 30 days, otherwise 1 day (D14). */
const SESSION_TTL_MS = { remembered: 30 * 24 * HOUR_MS, default: 24 * HOUR_MS };
/**
 * Failed sign-ins are limited per email *and* client address, so an attacker's
 * failures hold the attacker, not the owner signing in from elsewhere; loose
 * per address alone, so one office is not locked out (D14). Once an email has
 * had MAX_FAILURES_PER_EMAIL_AND_ADDRESS failures from anywhere, each address
 * gets fewer tries for it, which slows guessing spread over many addresses.
 */
const LOGIN_FAILURE_WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60 * 1000;
const MAX_FAILURES_PER_EMAIL_AND_ADDRESS = 10;
const MAX_FAILURES_PER_ADDRESS_UNDER_ATTACK = 3;
const MAX_FAILURES_PER_ADDRESS = 100;
const LOGIN_BY_EMAIL = 'login:email';
const LOGIN_BY_EMAIL_AND_ADDRESS = 'login:email-address';
const LOGIN_BY_ADDRESS = 'login:address';
/** Reset links asked for: a few per email (its owner's inbox), more per client address (D29). */
const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;
const MAX_RESET_REQUESTS_PER_EMAIL = 5;
const MAX_RESET_REQUESTS_PER_ADDRESS = 30;
/** New passwords set with a link, per client address: each valid one costs a hash. */
const MAX_RESETS_PER_ADDRESS = 20;
/** Sign-ups are counted per client address in this window (the limit is config). */
const SIGNUP_WINDOW_MS = HOUR_MS;

export const EMAIL_TAKEN = 'An account with this email already exists';
const WRONG_CREDENTIALS = 'Invalid email or password';

export interface AuthDependencies {
  rateLimits: RateLimitsService;
  mail: Pick<MailService, 'welcome' | 'passwordReset'>;
  passwords: Passwords;
  /** Sign-ups per client address per hour (SIGNUP_LIMIT_PER_HOUR). */
  signupLimitPerHour: number;
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
    /** Limited per client address before the password is hashed, taken emails counted too. */
    async signup(body: SignupBody, clientAddress: string): Promise<Session> {
      const allowed = await rateLimits.reserve(
        [{ name: 'signup:address', key: clientAddress, max: deps.signupLimitPerHour }],
        SIGNUP_WINDOW_MS,
      );
      if (!allowed) throw new AppError('rate_limited', SIGNUP_RATE_LIMITED);
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
     * on any number of processes, gets at most the limit verified per email
     * and address (D14, D30).
     */
    async login(body: LoginBody, clientAddress: string): Promise<Session> {
      const emailAndAddress = `${body.email} ${clientAddress}`;
      const underAttack =
        (await rateLimits.hits(LOGIN_BY_EMAIL, body.email)) >= MAX_FAILURES_PER_EMAIL_AND_ADDRESS;
      const reserved = await rateLimits.reserve(
        [
          {
            name: LOGIN_BY_EMAIL_AND_ADDRESS,
            key: emailAndAddress,
            max: underAttack
              ? MAX_FAILURES_PER_ADDRESS_UNDER_ATTACK
              : MAX_FAILURES_PER_EMAIL_AND_ADDRESS,
          },
          { name: LOGIN_BY_ADDRESS, key: clientAddress, max: MAX_FAILURES_PER_ADDRESS },
        ],
        LOGIN_FAILURE_WINDOW_MS,
      );
      if (!reserved) throw new AppError('rate_limited', LOGIN_RATE_LIMITED);
      const user = await findUserByEmail(db, body.email);
      const valid = user
        ? await verifyPassword(user.passwordHash, body.password)
        : await verifyDecoy(body.password);
      if (!user || !valid) {
        await rateLimits.count(LOGIN_BY_EMAIL, LOGIN_FAILURE_WINDOW_MS, [
          { key: body.email, count: 1 },
        ]);
        throw unauthorized(WRONG_CREDENTIALS);
      }
      // The owner is back: their address's and the email's failures are forgotten, and this attempt was no failure.
      await rateLimits.reset(LOGIN_BY_EMAIL_AND_ADDRESS, emailAndAddress);
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
        throw new AppError('rate_limited', FORGOT_PASSWORD_RATE_LIMITED);
      }
      const user = await findUserByEmail(db, body.email);
      if (user) await db.transaction((tx) => sendPasswordResetLink(tx, mail, user));
      return { message: FORGOT_PASSWORD_ANSWER };
    },

    /**
     * Sets a new password with a reset link, once (D29): the link and every
     * other link of the account stop working, every session ends (whoever
     * got in with the old password is out) and a fresh one starts. The link
     * is checked before the new password is hashed, so a bogus one costs no
     * hash; attempts are limited per client address.
     */
    async resetPassword(body: ResetPasswordBody, clientAddress: string): Promise<Session> {
      const allowed = await rateLimits.reserve(
        [{ name: 'password-reset-use:address', key: clientAddress, max: MAX_RESETS_PER_ADDRESS }],
        RESET_REQUEST_WINDOW_MS,
      );
      if (!allowed) throw new AppError('rate_limited', RESET_PASSWORD_RATE_LIMITED);
      const tokenHash = hashToken(body.token);
      const invalid = () =>
        badRequest(RESET_LINK_INVALID, [{ field: 'token', message: RESET_LINK_INVALID }]);
      if (!(await findLivePasswordResetToken(db, tokenHash, new Date()))) throw invalid();
      const passwordHash = await hashPassword(body.password);
      return db.transaction(async (tx) => {
        const now = new Date();
        // Used in one statement: of two requests racing with one link, one gets the user.
        const userId = await usePasswordResetToken(tx, tokenHash, now);
        const user = userId && (await updateUser(tx, userId, { passwordHash }));
        if (!user) throw invalid();
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
