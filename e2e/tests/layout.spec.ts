import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signUpViaApi, storeToken, uniqueEmail } from '../support/api.ts';
import { expectNoSeriousA11yViolations, VIEWPORTS } from '../support/axe.ts';

/** The shared layout (SPEC §2 Layout), About (D26), Contact and the newsletter (D22). */

const NEWSLETTER_SUBSCRIBED_MESSAGE =
  'Thanks! If this address is new to our list, confirm with the link we have emailed and your 20% code follows.';
const CONTACT_THANKS = "Message sent! We'll get back to you soon.";

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function checkA11yAtBothWidths(page: Page) {
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page);
  }
}

test('the top bar search goes to /products?search=…', async ({ page }) => {
  await page.goto('/about');
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
  await box.fill('graphic hoodie');
  await box.press('Enter');

  await expect(page).toHaveURL('/products?search=graphic+hoodie');
  await expect(box).toHaveValue('graphic hoodie');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('the mobile menu opens, closes and navigates', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(mobileNav).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('Escape');
    await expect(mobileNav).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await toggle.click();
    await expect(mobileNav).toBeHidden();

    await toggle.click();
    await mobileNav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
    await expect(mobileNav).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // The menu's search works too.
    await toggle.click();
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.fill('tee');
    await box.press('Enter');
    await expect(page).toHaveURL('/products?search=tee');
    await expect(mobileNav).toBeHidden();
  });

  test('the user menu works on a phone', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await storeToken(page, account.token);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Orders' }).click();
    await expect(page).toHaveURL('/orders');
  });
});

test('the user menu works from the keyboard', async ({ page, request }) => {
  const account = await signUpViaApi(request);
  await storeToken(page, account.token);
  await page.goto('/about');
  const button = page.getByRole('banner').getByRole('button', { name: 'Account' });

  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Orders' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/orders');
  await expect(menu).toBeHidden();
});

test('the footer newsletter stores the email, and twice is fine (D22)', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  const email = footer.getByRole('textbox', { name: 'Newsletter email' });
  const subscribe = footer.getByRole('button', { name: 'Subscribe' });

  await subscribe.click();
  await expect(email).toHaveAccessibleDescription('Email is required');
  await email.fill('not-an-email');
  await subscribe.click();
  await expect(email).toHaveAccessibleDescription('Invalid Email format');

  const address = uniqueEmail('news');
  for (let time = 0; time < 2; time += 1) {
    await email.fill(address);
    const answer = page.waitForResponse('**/api/v1/newsletter');
    await subscribe.click();
    expect((await answer).ok()).toBe(true);
    await expect(toast(page, NEWSLETTER_SUBSCRIBED_MESSAGE)).toBeVisible();
    await expect(email).toHaveValue('');
    await expect(email).toHaveAttribute('aria-invalid', 'false');
  }
});

test("the home page's 'Subscribe & Get 20% Off' block subscribes", async ({ page }) => {
  await page.goto('/');
  const block = page.getByRole('region', { name: 'Subscribe & Get 20% Off' });
  await block.getByRole('textbox', { name: 'Newsletter email' }).fill(uniqueEmail('home-news'));
  await block.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toast(page, NEWSLETTER_SUBSCRIBED_MESSAGE)).toBeVisible();
});

test('About tells the shop story and leads to the products', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();

  await expect(page).toHaveURL('/about');
  await expect(page).toHaveTitle(/About us/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Clothes that say something about you',
  );
  for (const name of ['Our story', 'How printing works', 'Our promises']) {
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  }
  const promises = page.getByRole('region', { name: 'Our promises' });
  for (const promise of ['7 days free returns', 'Easy exchange', '24/7 support', 'Free delivery']) {
    await expect(promises.getByRole('heading', { name: promise })).toBeVisible();
  }
  await checkA11yAtBothWidths(page);

  await page.getByRole('link', { name: 'Shop the collection' }).click();
  await expect(page).toHaveURL('/products');
});

test('Contact shows how to reach us and sends a message (D22)', async ({ page }) => {
  await page.goto('/contact');
  const details = page.getByRole('region', { name: 'Other ways to reach us' });
  await expect(details.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(details.getByRole('link', { name: /^\+91/ })).toHaveAttribute('href', /^tel:\+91/);
  await expect(details.getByText(/Monday to Saturday/)).toBeVisible();

  const form = page.getByRole('region', { name: 'Send us a message' });
  const name = form.getByRole('textbox', { name: 'Name' });
  const email = form.getByRole('textbox', { name: 'Email' });
  const message = form.getByRole('textbox', { name: 'Message' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(name).toHaveAccessibleDescription('Name is required');
  await expect(email).toHaveAccessibleDescription('Email is required');
  await expect(message).toHaveAccessibleDescription('Message is required');
  await checkA11yAtBothWidths(page);

  await name.fill('Asha Rao');
  await email.fill(uniqueEmail('contact'));
  await message.fill('Can you print my logo on the back of a hoodie?');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(toast(page, CONTACT_THANKS)).toBeVisible();
  await expect(name).toHaveValue('');
  await expect(email).toHaveValue('');
  await expect(message).toHaveValue('');
});
