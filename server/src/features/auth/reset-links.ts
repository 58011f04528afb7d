import { PASSWORD_RESET_TTL_MINUTES } from '#contract';
import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import { insertPasswordResetToken, type UserRow } from './auth.repository.ts';

/** Mails a password reset link (D29) to the account's email, in the caller's transaction. */
export async function sendPasswordResetLink(
  executor: Database,
  mail: Pick<MailService, 'passwordReset'>,
  user: Pick<UserRow, 'id' | 'name' | 'email'>,
): Promise<void> {
  const token = newToken();
  await insertPasswordResetToken(executor, {
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60 * 1000),
  });
  await mail.passwordReset(executor, user, token);
}
