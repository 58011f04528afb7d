import { z } from 'zod';
import { EmailSchema, NameSchema, NewPasswordSchema } from '#contract';
import type { Database } from '#server/db/client.ts';
import { accountsAccess } from '#server/features/auth/auth.service.ts';
import { createPasswords } from '#server/features/auth/passwords.ts';

/** What `npm run admin:create` takes: the password follows the shop's rule (D7). */
export const CreateAdminInputSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema.optional(),
  name: NameSchema.optional(),
});
export type CreateAdminInput = z.infer<typeof CreateAdminInputSchema>;

export const DEFAULT_ADMIN_NAME = 'Shop Owner';
export const PASSWORD_NEEDED =
  'There is no account with this email yet: add --password to create it';

export type CreateAdminOutcome = 'created' | 'promoted' | 'updated';

/**
 * Makes an admin (D25): creates the account, or promotes the one with this
 * email (any case). A new password replaces the old one and signs the
 * account out everywhere; without one, an existing password stays.
 */
/** The owner's password is hashed at the shop's one real cost, whatever the environment. */
const passwords = createPasswords('owasp');

export async function createOrPromoteAdmin(
  db: Database,
  input: CreateAdminInput,
): Promise<CreateAdminOutcome> {
  const { findUserByEmail, insertUser, updateUser, deleteUserSessions } = accountsAccess();
  const passwordHash = input.password ? await passwords.hashPassword(input.password) : undefined;
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    if (!existing) {
      if (!passwordHash) throw new Error(PASSWORD_NEEDED);
      const user = await insertUser(tx, {
        name: input.name ?? DEFAULT_ADMIN_NAME,
        email: input.email,
        passwordHash,
        role: 'admin',
      });
      if (!user) throw new Error('Someone created this account at the same moment: run it again');
      return 'created';
    }
    await updateUser(tx, existing.id, {
      role: 'admin',
      ...(input.name && { name: input.name }),
      ...(passwordHash && { passwordHash }),
    });
    if (passwordHash) await deleteUserSessions(tx, existing.id);
    return existing.role === 'admin' ? 'updated' : 'promoted';
  });
}
