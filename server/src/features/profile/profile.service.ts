import type {
  CancelEmailChangeBody,
  ConfirmEmailChangeBody,
  Profile,
  UpdateProfileBody,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { AuthService } from '#server/features/auth/auth.service.ts';
import type { EmailChangeService } from '#server/features/auth/email-change.service.ts';
import { unauthorized } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { toProfile } from './profile.mapper.ts';

export interface ProfileDependencies {
  auth: Pick<AuthService, 'findUserById' | 'updateUser'>;
  emailChanges: EmailChangeService;
}

export function createProfileService(db: Database, { auth, emailChanges }: ProfileDependencies) {
  const { findUserById, updateUser } = auth;
  return {
    async getProfile(userId: string): Promise<Profile> {
      const row = await findUserById(db, userId);
      if (!row) throw unauthorized();
      return toProfile(row, await emailChanges.pendingEmail(db, userId));
    },

    /**
     * Name and phone change at once. A new email (compared case-insensitively,
     * D14) needs the current password and only waits for its link (issue 23):
     * when it is refused, nothing changes.
     */
    async updateProfile(user: AuthUser, body: UpdateProfileBody): Promise<Profile> {
      return db.transaction(async (tx) => {
        const row = await findUserById(tx, user.id);
        if (!row) throw unauthorized();
        if (body.email !== row.email.toLowerCase()) {
          await emailChanges.requestEmailChange(tx, row, {
            newEmail: body.email,
            currentPassword: body.currentPassword,
            sessionId: user.sessionId,
          });
        }
        const updated = await updateUser(tx, user.id, { name: body.name, phone: body.phone });
        if (!updated) throw unauthorized();
        return toProfile(updated, await emailChanges.pendingEmail(tx, user.id));
      });
    },

    confirmEmailChange: (body: ConfirmEmailChangeBody) => emailChanges.confirmEmailChange(body),

    cancelEmailChange: (body: CancelEmailChangeBody) => emailChanges.cancelEmailChange(body),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
