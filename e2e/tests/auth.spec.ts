import type { Page } from '@playwright/test';
import type { ProductPage } from '#contract';
import { expect, test } from '../fixtures.ts';
import {
  addToCartViaApi,
  bearer,
  logoutEverywhereViaApi,
  productsInStock,
  resultOf,
  signUpViaApi,
  storeToken,
  TEST_PASSWORD,
  uniqueEmail,
} from '../support/api.ts';
import { expectNoSeriousA11yViolations, VIEWPORTS } from '../support/axe.ts';
import { allowFailedResponses } from '../support/console.ts';

/** Sign-up, sign-in, logout, the route guard and ended sessions (SPEC §2, §5, §8; D6–D8, D14, D15). */

const PASSWORD_RULE_MESSAGE =
  'Password must be 8+ characters with upper and lower case letters, a number and a symbol (@$!%*?#&)';

const banner = (page: Page) => page.getByRole('banner');

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

test('sign-up shows each field its own message (D6–D8)', async ({ page }) => {
  await page.goto('/signin');
  const name = page.getByLabel('Full Name');
  const email = page.getByLabel('Email Address');
  const password = page.getByLabel('Password', { exact: true });
  const confirm = page.getByLabel('Confirm Password', { exact: true });

  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(name).toHaveAccessibleDescription('Name is required');
  await expect(email).toHaveAccessibleDescription('Email is required');
  await expect(password).toHaveAccessibleDescription('Password is required');
  await expect(confirm).toHaveAccessibleDescription('Confirm Password is required');
  await expect(name).toBeFocused();

  await name.fill('Asha Rao');
  await email.fill('asha@');
  await password.fill('password1');
  await confirm.fill('password1');
  await expect(email).toHaveAccessibleDescription('Invalid Email format');
  await expect(password).toHaveAccessibleDescription(`${PASSWORD_RULE_MESSAGE}`);
  await expect(name).toHaveAttribute('aria-invalid', 'false');

  await email.fill(uniqueEmail());
  await password.fill(TEST_PASSWORD);
  await confirm.fill(`${TEST_PASSWORD}x`);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(confirm).toHaveAccessibleDescription('Passwords do not match');
  await expect(page).toHaveURL('/signin');

  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page);
  }
});

test('an email already in use is shown under the email field and in a toast', async ({
  page,
  request,
  consoleErrors,
}) => {
  const existing = await signUpViaApi(request);
  await page.goto('/signin');
  await page.getByLabel('Full Name').fill('Someone Else');
  await page.getByLabel('Email Address').fill(existing.email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  const taken = 'An account with this email already exists';
  await expect(page.getByRole('status').filter({ hasText: taken })).toBeVisible();
  await expect(page.getByLabel('Email Address')).toHaveAccessibleDescription(`${taken}`);
  await expect(page).toHaveURL('/signin');
  allowFailedResponses(consoleErrors, 409);
});

test('signing up signs in (the user menu shows) and logging out brings back Login', async ({
  page,
}) => {
  await page.goto('/signin');
  await page.getByLabel('Full Name').fill('Asha Rao');
  await page.getByLabel('Email Address').fill(uniqueEmail('signup'));
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL('/');
  const account = banner(page).getByRole('button', { name: 'Account' });
  await expect(account).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();

  // A stored token sends the sign-in and sign-up pages home.
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await page.goto('/signin');
  await expect(page).toHaveURL('/');

  // The menu is checked on a light page: axe on the home page's product grids is slow.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact' })
    .click();
  await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
  await account.click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Profile',
    'Orders',
    'My designs',
    'Settings',
    'Logout',
  ]);
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page);
  }
  await menu.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL('/');
  await expect(banner(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Account' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The token was ended on the server, not only forgotten here (D14).
  const refused = await page.request.get('/api/v1/cart/get-all', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(401);
});

test("a wrong password shows the server's message in a toast and stays on /login", async ({
  page,
  request,
  consoleErrors,
}) => {
  const account = await signUpViaApi(request);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page);
  }

  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('textbox', { name: 'Email', exact: true }),
  ).toHaveAccessibleDescription('Email is required');

  await fillLogin(page, account.email, 'Wrong#Pass1');
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(banner(page).getByRole('link', { name: 'Login' })).toBeVisible();
  allowFailedResponses(consoleErrors, 401);
});

test('Remember me keeps the session 30 days, otherwise 1 day (D1, D14)', async ({
  page,
  request,
}) => {
  const account = await signUpViaApi(request);
  const dayMs = 24 * 60 * 60 * 1000;

  async function signIn(remember: boolean) {
    await page.goto('/login');
    await fillLogin(page, account.email, account.password);
    if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
    const answer = page.waitForResponse('**/api/v1/auth/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const response = await answer;
    expect(response.request().postDataJSON()).toMatchObject({ remeberMe: remember });
    const { result } = (await response.json()) as { result: { expiresAt: string } };
    await expect(banner(page).getByRole('button', { name: 'Account' })).toBeVisible();
    return new Date(result.expiresAt).getTime() - Date.now();
  }

  const remembered = await signIn(true);
  expect(remembered).toBeGreaterThan(29 * dayMs);
  expect(remembered).toBeLessThanOrEqual(30 * dayMs);

  await page.goto('/logout');
  await expect(banner(page).getByRole('link', { name: 'Login' })).toBeVisible();

  const single = await signIn(false);
  expect(single).toBeGreaterThan(23 * 60 * 60 * 1000);
  expect(single).toBeLessThanOrEqual(dayMs);
});

test('a guarded page sends a visitor to sign in, then back to it (D15)', async ({
  page,
  request,
}) => {
  const account = await signUpViaApi(request);
  await page.goto('/orders');

  await expect(page).toHaveURL('/login?next=%2Forders');
  await expect(page.getByText('Please sign in to continue.')).toBeVisible();
  await fillLogin(page, account.email, account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL('/orders');
  await expect(banner(page).getByRole('button', { name: 'Account' })).toBeVisible();
});

test('a session ended elsewhere sends the shopper to /login, then back (D14)', async ({
  page,
  request,
  consoleErrors,
}) => {
  const account = await signUpViaApi(request);
  const [item] = await productsInStock(request, { count: 1 });
  const [firstCard] = (await resultOf<ProductPage>(await request.get('/api/v1/product?limit=1')))
    .results;
  if (!item || !firstCard) throw new Error('a product is needed');
  await addToCartViaApi(request, account.token, {
    productId: item.product._id,
    size: item.size,
    quantity: 1,
  });
  await resultOf(
    await request.post('/api/v1/wishlist', {
      headers: bearer(account.token),
      data: { productId: firstCard._id },
    }),
  );
  await storeToken(page, account.token);
  await page.goto('/products');
  // The page's own calls with the token (the cart, the wishlist) have answered once the
  // badge and the saved heart show: a refusal of one of them would end the session here.
  await expect(banner(page).getByRole('link', { name: /^Cart/ })).toHaveAccessibleName(
    'Cart, 1 item',
  );
  await expect(
    page.getByRole('button', { name: `Save to wishlist: ${firstCard.title}` }),
  ).toHaveAttribute('aria-pressed', 'true');

  await logoutEverywhereViaApi(request, account.token);
  // The next call with the old token (the cart, fetched on every route change) is refused.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact' })
    .click();

  await expect(page).toHaveURL('/login?next=%2Fcontact');
  // The address changes as the sign-in page's code starts loading; until it
  // arrives the contact page (with an Email box of its own) stays on screen.
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Please log in to continue.' }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(banner(page).getByRole('link', { name: 'Login' })).toBeVisible();

  await fillLogin(page, account.email, account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/contact');
  allowFailedResponses(consoleErrors, 401);
});
