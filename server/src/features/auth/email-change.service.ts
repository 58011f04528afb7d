import {
  type CancelEmailChangeBody,
  type ConfirmEmailChangeBody,
  CURRENT_PASSWORD_INCORRECT,
  CURRENT_PASSWORD_REQUIRED,
  EMAIL_CHANGE_EMAIL_TAKEN,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_CHANGE_UNDO_DAYS,
  EMAIL_CHANGE_UNDO_EMAIL_TAKEN,
  EMAIL_CHANGE_UNDO_LINK_INVALID,
  EMAIL_CHANGE_UNDONE,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import { badRequest, conflict } from '#server/lib/app-error.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import {
  cancelPendingEmailChanges,
  endOtherAccess,
  findPendingEmail,
  findUserByEmail,
  findUserById,
  insertEmailChange,
  isEmailTaken,
  type UserRow,
  updateUser,
  useEmailChangeConfirmToken,
  useEmailChangeUndoToken,
} from './auth.repository.ts';
import { EMAIL_TAKEN } from './auth.service.ts';
import type { Passwords } from './passwords.ts';
import { sendPasswordResetLink } from './reset-links.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * What 'this was not me' leaves as the password: no argon2 hash, so no
 * password verifies against it until the owner sets one with the reset link.
 */
const LOCKED_PASSWORD_HASH = '!locked: this was not me';

const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);

export interface EmailChangeDependencies {
  mail: Pick<MailService, 'emailChangeRequested' | 'passwordReset'>;
  passwords: Pick<Passwords, 'verifyPassword'>;
}

/**
 * Changing an account's email (issue 23): it needs the current password and
 * takes effect only when the link mailed to the new address is opened; the
 * old address is told, with a 'this was not me' link.
 */
export function createEmailChangeService(db: Database, deps: EmailChangeDependencies) {
  const { mail, passwords } = deps;

  /** Runs `work` in a transaction; the email's unique index refusing it is a 409 with `message`. */
  async function claimingEmail<Result>(
    message: string,
    work: (tx: Database) => Promise<Result>,
  ): Promise<Result> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isEmailTaken(error)) throw conflict(message);
      throw error;
    }
  }

  return {
    /** The new email of the account's change waiting for its link, if any. */
    pendingEmail: (executor: Database, userId: string) => findPendingEmail(executor, userId),

    /**
     * Asks for `newEmail`, in the caller's transaction: the current password
     * must be right and the email free. An earlier unconfirmed change of the
     * account stops working; both addresses are mailed.
     */
    async requestEmailChange(
      executor: Database,
      user: UserRow,
      request: { newEmail: string; currentPassword: string; sessionId: string },
    ): Promise<void> {
      if (!request.currentPassword) throw fieldError('currentPassword', CURRENT_PASSWORD_REQUIRED);
      if (!(await passwords.verifyPassword(user.passwordHash, request.currentPassword))) {
        throw fieldError('currentPassword', CURRENT_PASSWORD_INCORRECT);
      }
      const owner = await findUserByEmail(executor, request.newEmail);
      if (owner && owner.id !== user.id) {
        throw conflict(EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
      }
      const now = Date.now();
      await cancelPendingEmailChanges(executor, user.id, new Date(now));
      const confirmToken = newToken();
      const undoToken = newToken();
      await insertEmailChange(executor, {
        userId: user.id,
        oldEmail: user.email,
        newEmail: request.newEmail,
        confirmTokenHash: hashToken(confirmToken),
        undoTokenHash: hashToken(undoToken),
        sessionId: request.sessionId,
        expiresAt: new Date(now + EMAIL_CHANGE_TTL_HOURS * HOUR_MS),
        undoExpiresAt: new Date(now + EMAIL_CHANGE_UNDO_DAYS * 24 * HOUR_MS),
      });
      await mail.emailChangeRequested(executor, {
        account: user,
        newEmail: request.newEmail,
        confirmToken,
        undoToken,
      });
    },

    /**
     * The link to the new address, once: the email changes (409 when another
     * account took it meanwhile, and the link still works), every session but
     * the one that asked ends, reset links and other changes stop working.
     */
    confirmEmailChange: (body: ConfirmEmailChangeBody) =>
      claimingEmail(EMAIL_CHANGE_EMAIL_TAKEN, async (tx) => {
        const change = await useEmailChangeConfirmToken(tx, hashToken(body.token), new Date());
        const user = change && (await updateUser(tx, change.userId, { email: change.newEmail }));
        if (!user) throw fieldError('token', EMAIL_CHANGE_LINK_INVALID);
        await endOtherAccess(tx, user.id, change.sessionId ?? undefined);
        return { email: user.email };
      }),

    /**
     * 'This was not me', from the old address, once: the change is stopped, or
     * undone when already confirmed. Whoever asked knew the password, so it
     * stops working, every session and link ends, and a reset link goes to the
     * account's (old) address.
     */
    cancelEmailChange: (body: CancelEmailChangeBody) =>
      claimingEmail(EMAIL_CHANGE_UNDO_EMAIL_TAKEN, async (tx) => {
        const change = await useEmailChangeUndoToken(tx, hashToken(body.token), new Date());
        const user = change && (await findUserById(tx, change.userId));
        if (!user) throw fieldError('token', EMAIL_CHANGE_UNDO_LINK_INVALID);
        const undone = change.confirmedAt && user.email === change.newEmail;
        const locked = await updateUser(tx, user.id, {
          email: undone ? change.oldEmail : user.email,
          passwordHash: LOCKED_PASSWORD_HASH,
        });
        await endOtherAccess(tx, user.id);
        if (locked) await sendPasswordResetLink(tx, mail, locked);
        return { message: EMAIL_CHANGE_UNDONE };
      }),
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
