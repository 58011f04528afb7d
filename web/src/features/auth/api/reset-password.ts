import type { z } from 'zod';
import { type ResetPasswordBodySchema, resetPassword as resetPasswordEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** POST /api/v1/auth/reset-password: a new password with the emailed link; a fresh session (D29). */
export function resetPassword(body: z.input<typeof ResetPasswordBodySchema>) {
  return apiCall(resetPasswordEndpoint, { body });
}
