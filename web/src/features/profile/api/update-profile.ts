import type { z } from 'zod';
import { type UpdateProfileBodySchema, updateProfile as updateProfileEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** PATCH /api/v1/user/profile/update: new name, email and phone (409 when the email is taken). */
export function updateProfile(body: z.input<typeof UpdateProfileBodySchema>) {
  return apiCall(updateProfileEndpoint, { body });
}
