import { getProfile as getProfileEndpoint, type User } from '#contract';
import { type QueryState, useQuery } from '#web/hooks/use-query.ts';
import { apiCall } from '#web/lib/api-client.ts';

/** GET /api/v1/user/profile: the signed-in shopper's name, email and phone. */
export function getProfile(signal?: AbortSignal): Promise<User> {
  return apiCall(getProfileEndpoint, { signal });
}

export function useProfile(): QueryState<User> {
  return useQuery('profile', getProfile);
}
