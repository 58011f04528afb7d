import type { Profile } from '#contract';
import { toUser } from '#server/features/auth/auth.service.ts';

/** An account row as auth reads it, with the email waiting for its link. */
export const toProfile = (
  row: Parameters<typeof toUser>[0],
  pendingEmail: string | undefined,
): Profile => ({
  ...toUser(row),
  pendingEmail: pendingEmail ?? null,
});
