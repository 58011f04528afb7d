import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfile, type Role } from '#contract';
import { apiCall } from './api-client.ts';
import { useAuthToken } from './auth-token.ts';
import { profileKeys } from './query-keys.ts';

/**
 * The signed-in user's role (D25), asked of GET /user/profile once per token:
 * the user menu shows 'Admin' and the /admin guard opens only for an admin.
 * The server still checks every admin call itself. Keyed by the token as
 * well, so the role shown always belongs to the token stored now.
 */
export function userRoleQueryOptions(token: string) {
  return queryOptions({
    queryKey: profileKeys.role(token),
    queryFn: ({ signal }) => apiCall(getProfile, { signal }),
    select: (user): Role => user.role,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** 'loading' until the role of the current token is known; null when signed out. */
export function useUserRole(): Role | 'loading' | null {
  const token = useAuthToken();
  const role = useQuery({ ...userRoleQueryOptions(token ?? ''), enabled: token !== null });
  if (!token) return null;
  if (role.isPending) return 'loading';
  // Unknown role (the call failed): treated as a shopper; the next sign-in asks again.
  return role.data ?? 'shopper';
}
