import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { CartItem, Product, ProductPage, Session, Size } from '#contract';

/** A password that passes the shop's rule (D7). */
export const TEST_PASSWORD = 'Tee#Shop2026';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
  token: string;
}

/** An email no other test (or run) uses. */
export function uniqueEmail(label = 'shopper'): string {
  return `${label}-${randomUUID().slice(0, 12)}@example.com`;
}

export async function resultOf<T>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
): Promise<T> {
  const payload = (await response.json()) as { success: boolean; result?: T; message?: string };
  if (!response.ok() || !payload.success) {
    throw new Error(
      `${response.url()} answered ${response.status()}: ${payload.message ?? 'no message'}`,
    );
  }
  return payload.result as T;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Creates an account through the API; the answer's token is signed in. */
export async function signUpViaApi(
  request: APIRequestContext,
  { name = 'Test Shopper', email = uniqueEmail() }: { name?: string; email?: string } = {},
): Promise<TestAccount> {
  const session = await resultOf<Session>(
    await request.post('/api/v1/auth/signup', {
      data: { name, email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    }),
  );
  return { name, email, password: TEST_PASSWORD, token: session.token };
}

/** Ends every session of the account (D21), so its tokens answer 401. */
export async function logoutEverywhereViaApi(request: APIRequestContext, token: string) {
  await resultOf<null>(await request.post('/api/v1/auth/logout-all', { headers: bearer(token) }));
}

export async function getCartViaApi(request: APIRequestContext, token: string) {
  return resultOf<CartItem[]>(
    await request.get('/api/v1/cart/get-all', { headers: bearer(token) }),
  );
}

export async function addToCartViaApi(
  request: APIRequestContext,
  token: string,
  line: { productId: string; size: Size; quantity: number },
) {
  return resultOf<CartItem>(
    await request.post('/api/v1/cart/create', { headers: bearer(token), data: line }),
  );
}

/** Seed products with at least `minStock` of some size, each with that size. */
export async function productsInStock(
  request: APIRequestContext,
  { count = 2, minStock = 3 }: { count?: number; minStock?: number } = {},
): Promise<{ product: Product; size: Size }[]> {
  const page = await resultOf<ProductPage>(await request.get('/api/v1/product?limit=100'));
  const found: { product: Product; size: Size }[] = [];
  for (const product of page.results) {
    const size = (Object.entries(product.sizes) as [Size, number][]).find(
      ([, stock]) => stock >= minStock,
    )?.[0];
    if (size) found.push({ product, size });
    if (found.length === count) return found;
  }
  throw new Error(`Fewer than ${count} products have ${minStock} in stock`);
}

/** Signs the browser in with a token, as the shop keeps it (SPEC §3: localStorage `token`). */
export async function storeToken(page: Page, token: string): Promise<void> {
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}
