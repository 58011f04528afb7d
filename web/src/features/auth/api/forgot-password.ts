import type { z } from 'zod';
import { type ForgotPasswordBodySchema, forgotPassword as forgotPasswordEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** POST /api/v1/auth/forgot-password: emails a reset link if the account exists; the same answer always (D29). */
export function forgotPassword(body: z.input<typeof ForgotPasswordBodySchema>) {
  return apiCall(forgotPasswordEndpoint, { body });
}
