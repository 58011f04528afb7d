import { logoutEverywhere as logoutEverywhereEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** POST /api/v1/auth/logout-all: ends every session of this account, this one too (D21). */
export function logoutEverywhere() {
  return apiCall(logoutEverywhereEndpoint);
}
