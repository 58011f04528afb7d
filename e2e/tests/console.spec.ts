import type { Locator, Page } from '@playwright/test';
import { shortOrderNumber } from '#contract';
import { expect, test } from '../fixtures.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { signUpViaApi } from '../support/api.ts';
import { expectNoSeriousA11yViolationsAtBothWidths, VIEWPORTS } from '../support/axe.ts';
import { placeOrderViaApi } from '../support/orders.ts';

/**
 * The admin console (issue 27): its own layout, a side navigation and no shop
 * header or footer, folded behind a Menu button at 375 px; every admin screen
 * passes axe at 375 and 1280 px, as the shop's screens do.
 */

const adminNavigation = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

/** Waits for the screen a link opened: its address, its title and its data (no spinner left). */
async function expectScreenShown(page: Page, link: Locator): Promise<void> {
  await expect(page).toHaveURL(new URL((await link.getAttribute('href')) ?? '', page.url()).href);
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: /^(Loading|Checking)/ })).toHaveCount(0);
}

/** The shop's own chrome: neither its header's cart nor its footer shows in the console. */
async function expectNoShopChrome(page: Page): Promise<void> {
  await expect(page.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
}

/** The console's sections, in the side navigation's order. */
const SCREENS = [
  'Dashboard',
  'Orders',
  'Returns',
  'Refunds to pay',
  'Products',
  'Customers',
  'Promotions',
  'Reviews',
  'Messages',
  'Outbox',
  'Reports',
  'Settings',
];

test('at 1280 px the console has a side navigation, and no shop header or footer', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request);
  await page.setViewportSize(VIEWPORTS.laptop);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(adminNavigation(page)).toBeVisible();
  await expect(adminNavigation(page).getByRole('link')).toHaveText(SCREENS);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expectNoShopChrome(page);

  await page.getByRole('link', { name: 'View the shop' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toBeVisible();
});

// In thirds, so the twenty-four axe runs share the workers and each test stays in its time.
for (const screens of [SCREENS.slice(0, 4), SCREENS.slice(4, 8), SCREENS.slice(8)]) {
  test(`${screens.join(', ')}: each passes axe at 375 and 1280 px`, async ({ page, request }) => {
    test.slow(); // two axe runs on each of four screens
    await signInAsAdmin(page, request);
    await page.goto('/admin');
    for (const label of screens) {
      await page.setViewportSize(VIEWPORTS.laptop);
      const link = adminNavigation(page).getByRole('link', { name: label, exact: true });
      await link.click();
      await expectScreenShown(page, link);
      await expectNoShopChrome(page);
      await expectNoSeriousA11yViolationsAtBothWidths(page);
    }
  });
}

test("the console's inner screens pass axe: a new product, an order", async ({ page, request }) => {
  test.slow(); // an order, then two axe runs on each of two screens
  const shopper = await signUpViaApi(request);
  const { order } = await placeOrderViaApi(request, shopper.token, { lineCount: 1 });
  await signInAsAdmin(page, request);

  await page.goto('/admin/products/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  await expectNoShopChrome(page);
  await expectNoSeriousA11yViolationsAtBothWidths(page);

  await page.goto(`/admin/orders/${order._id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Order #${shortOrderNumber(order._id)}` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status' })).toBeVisible();
  await expectNoShopChrome(page);
  await expectNoSeriousA11yViolationsAtBothWidths(page);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("the console's navigation folds behind Menu, and the page fits the screen", async ({
    page,
    request,
  }) => {
    test.slow(); // two axe runs
    await signInAsAdmin(page, request);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectNoShopChrome(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(adminNavigation(page)).toBeHidden();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
      'the dashboard scrolls sideways at 375 px',
    ).toBe(true);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(adminNavigation(page)).toBeVisible();
    await expectNoSeriousA11yViolationsAtBothWidths(page);
    await page.setViewportSize(VIEWPORTS.phone);

    await page.keyboard.press('Escape');
    await expect(adminNavigation(page)).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await adminNavigation(page).getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL('/admin/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(adminNavigation(page)).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
