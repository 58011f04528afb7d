import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfile as getProfileEndpoint, type User } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** GET /api/v1/user/profile: the signed-in shopper's name, email and phone. */
export function getProfile(signal?: AbortSignal): Promise<User> {
  return apiCall(getProfileEndpoint, { signal });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: [getProfileEndpoint.path],
    queryFn: ({ signal }) => getProfile(signal),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
