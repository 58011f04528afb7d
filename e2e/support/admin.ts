import type { APIRequestContext, Page } from '@playwright/test';
import type { Session } from '#contract';
import { resultOf, storeToken } from './api.ts';

/** The admin the e2e web server creates with `admin:create` before the shop starts. */
export const E2E_ADMIN = {
  email: 'admin@e2e.test',
  password: 'Adm1n$ecret',
  name: 'E2E Admin',
} as const;

/** Signs the admin in through the API; each call is a session of its own. */
export async function adminTokenViaApi(request: APIRequestContext): Promise<string> {
  const session = await resultOf<Session>(
    await request.post('/api/v1/auth/login', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    }),
  );
  return session.token;
}

/** Opens the browser signed in as the admin. */
export async function signInAsAdmin(page: Page, request: APIRequestContext): Promise<void> {
  await storeToken(page, await adminTokenViaApi(request));
}
