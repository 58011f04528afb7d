import type { APIRequestContext, Page } from '@playwright/test';
import type { Address, Session, User } from '#contract';
import { expect, test } from '../fixtures.ts';
import {
  bearer,
  resultOf,
  signUpViaApi,
  storeToken,
  TEST_PASSWORD,
  uniqueEmail,
} from '../support/api.ts';
import { expectNoSeriousA11yViolationsAtBothWidths, VIEWPORTS } from '../support/axe.ts';
import { allowFailedResponses } from '../support/console.ts';
import { waitForEmail } from '../support/inbox.ts';
import { addAddressViaApi } from '../support/orders.ts';

/**
 * Profile (SPEC §2: details with the Edit modal, addresses) and settings
 * (D21: change password, sign out of all devices). Each test has its own shopper.
 */

// Each journey runs axe at two widths on several screens: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const EMAIL_TAKEN = 'An account with this email already exists';
const NEW_PASSWORD = 'Fresh#Tee2027';

async function profileOf(request: APIRequestContext, token: string) {
  return request.get('/api/v1/user/profile', { headers: bearer(token) });
}

function profileInfo(page: Page) {
  return page.getByRole('region', { name: 'Profile info' });
}

/** A new shopper's profile, open on /profile. */
async function openProfile(page: Page, request: APIRequestContext) {
  const account = await signUpViaApi(request, { name: 'Asha Rao' });
  await storeToken(page, account.token);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  return account;
}

// Four axe scans on a busy machine take most of a minute: they have a test of their own.
test('the profile and its Edit modal pass axe at 375 and 1280 px', async ({ page, request }) => {
  const account = await openProfile(page, request);
  await expect(profileInfo(page).getByText('Asha Rao')).toBeVisible();
  await expect(profileInfo(page).getByText(account.email)).toBeVisible();
  await expect(profileInfo(page).getByText('Not added')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your Orders' })).toContainText(
    "You haven't ordered yet",
  );
  await expectNoSeriousA11yViolationsAtBothWidths(page);

  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Asha Rao');
  await expect(dialog.getByLabel('Email')).toHaveValue(account.email);
  await expectNoSeriousA11yViolationsAtBothWidths(page);
});

test('the Edit modal checks the contract, shows the server refusals, and saves', async ({
  page,
  request,
  consoleErrors,
}) => {
  const account = await openProfile(page, request);
  const other = await signUpViaApi(request);
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Asha Rao');

  // The contract's rules, before any call.
  await dialog.getByLabel('Name').clear();
  await dialog.getByLabel('Phone').fill('call me');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
  await expect(dialog.getByLabel('Phone')).toHaveAccessibleDescription(
    'Phone Number may contain digits, spaces, +, - and brackets only',
  );

  // The server's refusals show under the field they are about: a new email needs the current password.
  await dialog.getByLabel('Name').fill('Asha R');
  await dialog.getByLabel('Phone').fill('98765 43210');
  await dialog.getByLabel('Email').fill(other.email);
  const currentPassword = dialog.getByLabel('Current password', { exact: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(currentPassword).toHaveAccessibleDescription(
    'Enter your current password to change your email',
  );
  await currentPassword.fill('Wrong#Pass1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(currentPassword).toHaveAccessibleDescription('Current password is incorrect');
  await currentPassword.fill(TEST_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription(EMAIL_TAKEN);
  await expect(dialog.getByLabel('Email')).toBeFocused();

  // Issue 23: the new email waits for the link mailed to it; the old one stays until then.
  const newEmail = uniqueEmail('renamed');
  await dialog.getByLabel('Email').fill(newEmail);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(
      `We sent a confirmation link to ${newEmail}. Your email stays ${account.email} until you open it.`,
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(profileInfo(page).getByText('Asha R', { exact: true })).toBeVisible();
  await expect(profileInfo(page).getByText(account.email)).toBeVisible();
  await expect(profileInfo(page).getByText(/New email waiting for confirmation/)).toContainText(
    newEmail,
  );
  await expect(profileInfo(page).getByText('98765 43210')).toBeVisible();
  const notice = await waitForEmail(account.email, /email is being changed$/);
  expect(notice.text).toMatch(/This was not me: \S+\/email-change\/cancel\?token=/);

  allowFailedResponses(consoleErrors, 400);
  allowFailedResponses(consoleErrors, 409);
});

test('a new email is confirmed from its link, and signs in', async ({ page, request }) => {
  const account = await signUpViaApi(request, { name: 'Asha R' });
  const newEmail = uniqueEmail('renamed');
  const asked = await request.patch('/api/v1/user/profile/update', {
    headers: bearer(account.token),
    data: { name: 'Asha R', email: newEmail, currentPassword: TEST_PASSWORD },
  });
  expect(asked.status()).toBe(200);
  await storeToken(page, account.token);

  const confirmation = await waitForEmail(newEmail, /^Confirm your new /);
  const link = /Confirm this email: (\S+)/.exec(confirmation.text)?.[1] ?? '';
  expect(link).toContain('/email-change/confirm?token=');
  await page.goto(link);
  await expectNoSeriousA11yViolationsAtBothWidths(page);
  await page.getByRole('button', { name: 'Confirm my new email' }).click();
  await expect(page.getByRole('status')).toContainText(`Your email is now ${newEmail}`);

  // This device asked for the change, so it stays signed in.
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(profileInfo(page).getByText(newEmail)).toBeVisible();
  const saved = await resultOf<User>(await profileOf(request, account.token));
  expect(saved).toMatchObject({ name: 'Asha R', email: newEmail });

  // Signed out, the new email signs in. The sign-out lands on the home page once it is done.
  await page.goto('/logout');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(newEmail);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
});

test("'This was not me' from the old address stops the change and secures the account", async ({
  page,
  request,
}) => {
  const account = await signUpViaApi(request);
  const newEmail = uniqueEmail('thief');
  const asked = await request.patch('/api/v1/user/profile/update', {
    headers: bearer(account.token),
    data: { name: 'Test Shopper', email: newEmail, currentPassword: TEST_PASSWORD },
  });
  expect(asked.status()).toBe(200);

  const notice = await waitForEmail(account.email, /email is being changed$/);
  const link = /This was not me: (\S+)/.exec(notice.text)?.[1] ?? '';
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'This was not me' })).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page);
  await page.getByRole('button', { name: 'Stop the change and secure my account' }).click();
  await expect(page.getByRole('status')).toContainText('We stopped the email change');

  // Every session ended, the password no longer works, and a reset link went to the old address.
  expect((await profileOf(request, account.token)).status()).toBe(401);
  const login = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: TEST_PASSWORD },
  });
  expect(login.status()).toBe(401);
  await waitForEmail(account.email, /^Reset your .+ password$/);
  const confirmation = await waitForEmail(newEmail, /^Confirm your new /);
  const confirmLink = /Confirm this email: (\S+)/.exec(confirmation.text)?.[1] ?? '';
  const token = new URL(confirmLink).searchParams.get('token');
  const confirmed = await request.post('/api/v1/user/email-change/confirm', { data: { token } });
  expect(confirmed.status()).toBe(400);
});

test('a long email stays inside the profile card on a 375 px phone', async ({ page, request }) => {
  // No hyphen: the browser finds no place to wrap it by itself.
  const email = uniqueEmail('ashopperwitharemarkablylongaddressthatneverbreaksbyitself').replaceAll(
    '-',
    '',
  );
  const account = await signUpViaApi(request, { email });
  await page.setViewportSize(VIEWPORTS.phone);
  await storeToken(page, account.token);
  await page.goto('/profile');
  await expect(profileInfo(page).getByText(email)).toBeVisible();

  const overflowOf = (element: Element) => element.scrollWidth - element.clientWidth;
  expect(await profileInfo(page).evaluate(overflowOf)).toBeLessThanOrEqual(0);
  expect(await page.locator('html').evaluate(overflowOf)).toBeLessThanOrEqual(0);
});

test('the Edit modal works by keyboard: focus stays inside, Escape closes it', async ({
  page,
  request,
}) => {
  const account = await signUpViaApi(request, { name: 'Ravi Kumar' });
  await storeToken(page, account.token);
  await page.goto('/profile');

  const edit = page.getByRole('button', { name: 'Edit profile' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await expect(dialog.getByLabel('Name')).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Phone')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused();
  // Focus is trapped: past the last control it comes back to the first, and the other way.
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();

  // Enter in a field saves.
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('+91 98450 12345');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(profileInfo(page).getByText('+91 98450 12345')).toBeVisible();
  await expect(edit).toBeFocused();
});

test('addresses can be edited and deleted from the profile', async ({ page, request }) => {
  const account = await signUpViaApi(request);
  await addAddressViaApi(request, account.token, { fullAddress: '12 MG Road' });
  await addAddressViaApi(request, account.token, {
    name: 'Office',
    fullAddress: '4th Floor, 80 Feet Road',
    city: 'Mysuru',
  });
  await storeToken(page, account.token);
  await page.goto('/profile');

  const manager = page.getByRole('region', { name: 'Select A Delivery Address' });
  await expect(manager.getByRole('radio')).toHaveCount(2);

  await manager
    .getByRole('button', { name: 'Edit address: Office, 4th Floor, 80 Feet Road' })
    .click();
  const form = manager.getByRole('form', { name: 'Edit address' });
  await expect(form.getByLabel('City')).toHaveValue('Mysuru');
  await form.getByLabel('Full Address').fill('5th Floor, 80 Feet Road');
  await form.getByRole('button', { name: 'Update Address' }).click();
  await expect(manager.getByText('5th Floor, 80 Feet Road')).toBeVisible();
  await expect(form).toBeHidden();

  await manager
    .getByRole('button', { name: 'Delete address: Office, 5th Floor, 80 Feet Road' })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete this address?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(manager.getByRole('radio')).toHaveCount(1);
  await expect(manager.getByText('5th Floor, 80 Feet Road')).toHaveCount(0);

  // The page removes the address at once; the server's delete may still be on its way.
  await expect
    .poll(async () =>
      (
        await resultOf<Address[]>(
          await request.get('/api/v1/address/get', { headers: bearer(account.token) }),
        )
      ).map((address) => address.fullAddress),
    )
    .toEqual(['12 MG Road']);
});

test('settings change the password, and the new one signs in', async ({
  page,
  request,
  consoleErrors,
}) => {
  const account = await signUpViaApi(request);
  await storeToken(page, account.token);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page);

  const form = page.getByRole('region', { name: 'Change password' });
  const current = form.getByLabel('Current password', { exact: true });
  const fresh = form.getByLabel('New password', { exact: true });
  const confirm = form.getByLabel('Confirm new password', { exact: true });
  const submit = form.getByRole('button', { name: 'Change password' });

  // The contract's rules first.
  await submit.click();
  await expect(current).toHaveAccessibleDescription('Password is required');
  await current.fill('Wrong#Pass2026');
  await fresh.fill('weak');
  await confirm.fill('other');
  await submit.click();
  await expect(fresh).toHaveAccessibleDescription(
    'Password must be 8+ characters with upper and lower case letters, a number and a symbol (@$!%*?#&)',
  );
  await fresh.fill(NEW_PASSWORD);
  await submit.click();
  await expect(confirm).toHaveAccessibleDescription('Passwords do not match');

  // The server's word on the current password, under its field.
  await confirm.fill(NEW_PASSWORD);
  await submit.click();
  await expect(current).toHaveAccessibleDescription('Current password is incorrect');
  await expect(current).toBeFocused();

  await current.fill(account.password);
  await submit.click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(fresh).toHaveValue('');

  // The old password no longer works; the new one signs in.
  const oldLogin = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(oldLogin.status()).toBe(401);
  await page.goto('/logout');
  await expect(page).toHaveURL('/');
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

  allowFailedResponses(consoleErrors, 400);
});

test('signing out of all devices ends every session', async ({ page, request }) => {
  const account = await signUpViaApi(request);
  const elsewhere = await resultOf<Session>(
    await request.post('/api/v1/auth/login', {
      data: { email: account.email, password: TEST_PASSWORD },
    }),
  );
  await storeToken(page, account.token);
  await page.goto('/settings');

  const signOut = page.getByRole('button', { name: 'Sign out of all devices' });
  await signOut.click();
  const dialog = page.getByRole('dialog', { name: 'Sign out of all devices?' });
  await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await expectNoSeriousA11yViolationsAtBothWidths(page);
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();
  expect((await profileOf(request, account.token)).status()).toBe(200);

  await signOut.click();
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Signed out of all devices')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  expect((await profileOf(request, account.token)).status()).toBe(401);
  expect((await profileOf(request, elsewhere.token)).status()).toBe(401);
});
