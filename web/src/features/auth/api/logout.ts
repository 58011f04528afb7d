import { logout as logoutEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** POST /api/v1/auth/logout: ends this session on the server, so its token stops working (D14). */
export function logout() {
  return apiCall(logoutEndpoint);
}
