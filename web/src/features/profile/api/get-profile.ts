import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfile as getProfileEndpoint, type Profile } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { profileKeys } from '#web/lib/query-keys.ts';

/** GET /api/v1/user/profile: the signed-in shopper's name, email and phone, and a new email waiting for its link. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiCall(getProfileEndpoint, { signal });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.detail,
    queryFn: ({ signal }) => getProfile(signal),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
