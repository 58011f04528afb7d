import type { UpdateProfileBody, User } from '#contract';
import type { Database } from '#server/db/client.ts';
import { type AuthService, EMAIL_TAKEN, toUser } from '#server/features/auth/auth.service.ts';
import { conflict, unauthorized } from '#server/lib/app-error.ts';

const UNIQUE_VIOLATION = '23505';
const EMAIL_INDEX = 'users_email_key';

/**
 * True when PostgreSQL refused a write because users_email_key already holds
 * the email. Drizzle wraps driver errors, so the code may sit on the error or
 * on its cause (both pg and PGlite report the index as `constraint`).
 */
function isEmailTaken(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const { code, constraint, cause } = current as {
      code?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (code === UNIQUE_VIOLATION) return constraint === EMAIL_INDEX;
    current = cause;
  }
  return false;
}

export interface ProfileDependencies {
  auth: Pick<AuthService, 'findUserById' | 'updateUser'>;
}

export function createProfileService(db: Database, { auth }: ProfileDependencies) {
  const { findUserById, updateUser } = auth;
  return {
    async getProfile(userId: string): Promise<User> {
      const row = await findUserById(db, userId);
      if (!row) throw unauthorized();
      return toUser(row);
    },

    /** Emails stay unique case-insensitively: the unique index decides, so a race is a 409 too (D14). */
    async updateProfile(userId: string, body: UpdateProfileBody): Promise<User> {
      try {
        const row = await updateUser(db, userId, {
          name: body.name,
          email: body.email,
          phone: body.phone,
        });
        if (!row) throw unauthorized();
        return toUser(row);
      } catch (error) {
        if (isEmailTaken(error)) {
          throw conflict(EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
        }
        throw error;
      }
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
