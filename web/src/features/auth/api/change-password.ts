import type { z } from 'zod';
import { type ChangePasswordBodySchema, changePassword as changePasswordEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** POST /api/v1/auth/change-password: a new password; the shopper's other sessions end (D21). */
export function changePassword(body: z.input<typeof ChangePasswordBodySchema>) {
  return apiCall(changePasswordEndpoint, { body });
}
