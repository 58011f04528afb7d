import { useEffect } from 'react';
import { create } from 'zustand';
import { getProfile, type Role } from '#contract';
import { apiCall } from './api-client.ts';
import { useAuthToken } from './auth-token.ts';

/**
 * The signed-in user's role (D25), asked of GET /user/profile once per token
 * and kept in memory: the user menu shows 'Admin' and the /admin guard opens
 * only for an admin. The server still checks every admin call itself.
 */
interface RoleState {
  /** The token the role belongs to. */
  token: string | null;
  role: Role | null;
  /** The token whose role is being asked for. */
  loadingFor: string | null;
}

export const useRoleStore = create<RoleState>(() => ({
  token: null,
  role: null,
  loadingFor: null,
}));

async function loadRole(token: string): Promise<void> {
  const state = useRoleStore.getState();
  if (state.token === token || state.loadingFor === token) return;
  useRoleStore.setState({ loadingFor: token });
  let role: Role | null = null;
  try {
    role = (await apiCall(getProfile)).role;
  } catch {
    // Unknown role: treated as a shopper; the next sign-in asks again.
  }
  if (useRoleStore.getState().loadingFor === token) {
    useRoleStore.setState({ token, role, loadingFor: null });
  }
}

/** 'loading' until the role of the current token is known; null when signed out. */
export function useUserRole(): Role | 'loading' | null {
  const token = useAuthToken();
  const known = useRoleStore((state) => (state.token === token ? state.role : undefined));
  useEffect(() => {
    if (token) void loadRole(token);
  }, [token]);
  if (!token) return null;
  return known === undefined ? 'loading' : (known ?? 'shopper');
}
