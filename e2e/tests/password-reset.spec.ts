import { expect, test } from '../fixtures.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { bearer, signUpViaApi } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { allowFailedResponses } from '../support/console.ts';
import { emailsTo, waitForEmail } from '../support/inbox.ts';

/** Password reset by emailed link (D29), read from the test mail server the shop sends to; the owner's Outbox. */

const NEW_PASSWORD = 'Fresh#Tee2027';

test('forgot password → the emailed link → a new password → signed in; the link works once', async ({
  page,
  request,
  consoleErrors,
}) => {
  const account = await signUpViaApi(request, { name: 'Meera Iyer' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists, we have sent a link');
  await expectNoSeriousA11yViolations(page);

  const email = await waitForEmail(account.email, /^Reset your .+ password$/);
  expect(email.text).toContain('Hi Meera Iyer,');
  const link = /Choose a new password: (\S+)/.exec(email.text)?.[1] ?? '';
  const origin = new URL(page.url()).origin;
  expect(link.startsWith(`${origin}/reset-password?token=`)).toBe(true);

  await page.goto(link);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(NEW_PASSWORD);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
  // Every earlier session ended: the sign-up's token is refused.
  const old = await request.get('/api/v1/cart/get-all', { headers: bearer(account.token) });
  expect(old.status()).toBe(401);
  const login = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: NEW_PASSWORD },
  });
  expect(login.status()).toBe(200);

  // The link again: it worked once, so it now says so and offers a new one.
  await page.goto(link);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Other#Tee2028');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Other#Tee2028');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used');
  allowFailedResponses(consoleErrors, 400);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/forgot-password');

  // The welcome came too, and the reset link only once.
  const subjects = (await emailsTo(account.email)).map((mail) => mail.subject);
  expect(subjects.filter((subject) => subject.startsWith('Reset your'))).toHaveLength(1);
  expect(subjects.some((subject) => subject.startsWith('Welcome to'))).toBe(true);
});

test('the owner reads every email in /admin → Outbox, as it was rendered', async ({
  page,
  request,
}) => {
  const account = await signUpViaApi(request, { name: 'Kabir Shah' });
  await waitForEmail(account.email, /^Welcome to /);
  await signInAsAdmin(page, request);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Outbox' })
    .click();
  await expect(page).toHaveURL('/admin/outbox');
  const row = page.getByRole('row').filter({ hasText: account.email });
  await expect(row.getByRole('cell', { name: 'sent', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('link', { name: /^Welcome to / }).click();

  await expect(page.getByText(account.email)).toBeVisible();
  // The HTML part is shown in a frame that may run nothing (sandbox without permissions).
  const frame = page.locator('iframe[title^="Email: Welcome to"]');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('sandbox', '');
  // The welcome greets nobody by name: a sign-up name is whatever the sender typed (issue 23).
  await expect(frame).toHaveAttribute('srcdoc', /<p style="[^"]*">Hello,<\/p>/);
  await page.getByRole('button', { name: 'Plain text' }).click();
  await expect(page.getByText(/Start shopping: http/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
