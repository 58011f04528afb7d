import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminProduct, Session, Size } from '#contract';
import { bearer, resultOf, storeToken } from './api.ts';

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

/** The owner adds a ₹499 white unisex tee of the test's own through the API, with `sizes` in stock. */
export async function createProductViaApi(
  request: APIRequestContext,
  adminToken: string,
  product: { title: string; description: string; sizes: Partial<Record<Size, number>> },
): Promise<AdminProduct> {
  return resultOf<AdminProduct>(
    await request.post('/api/v1/admin/products', {
      headers: bearer(adminToken),
      data: {
        ...product,
        price: 499,
        gender: 'Unisex',
        category: 'T-Shirts',
        color: { name: 'White', hex: '#f5f5f2' },
      },
    }),
  );
}

/** The owner ships then delivers an order through the API. */
export async function deliverViaApi(
  request: APIRequestContext,
  adminToken: string,
  orderId: string,
): Promise<void> {
  for (const status of ['shipped', 'delivered']) {
    await resultOf(
      await request.post(`/api/v1/admin/orders/${orderId}/status`, {
        headers: bearer(adminToken),
        data: { status },
      }),
    );
  }
}
