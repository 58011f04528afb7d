import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type UpdateProfileBodySchema, updateProfile as updateProfileEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { profileQueryOptions } from './get-profile.ts';

/** PATCH /api/v1/user/profile/update: new name and phone; a new email waits for its link (issue 23; 409 when taken). */
export function updateProfile(body: z.input<typeof UpdateProfileBodySchema>) {
  return apiCall(updateProfileEndpoint, { body });
}

/** Saves the profile; the saved profile replaces the cached one, so no second call is needed. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => client.setQueryData(profileQueryOptions().queryKey, saved),
  });
}
