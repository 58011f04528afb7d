import { randomUUID } from 'node:crypto';
import { formatRupees, shortOrderNumber } from '#contract';
import { expect, test } from '../fixtures.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { signUpViaApi } from '../support/api.ts';
import { expectNoSeriousA11yViolationsAtBothWidths } from '../support/axe.ts';
import { placeOrderViaApi } from '../support/orders.ts';

/**
 * The owner's customers (issue 27): an admin finds a shopper by name in
 * /admin → Customers, opens their page and follows an order to its own page.
 */
test('an admin finds a shopper, sees their page and opens their order', async ({
  page,
  request,
}) => {
  test.slow(); // an order, then three screens with four axe runs
  const name = `Kavya ${randomUUID().slice(0, 8)}`;
  const shopper = await signUpViaApi(request, { name });
  const { order } = await placeOrderViaApi(request, shopper.token, { lineCount: 1 });

  await signInAsAdmin(page, request);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  const search = page.getByRole('search', { name: 'Search by name or email' });
  await search.getByRole('searchbox').fill(name.toUpperCase());
  await search.getByRole('button', { name: 'Search' }).click();

  const row = page.getByRole('row').filter({ hasText: shopper.email });
  await expect(row).toBeVisible();
  await expect(page.getByText('1 customer', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).toHaveText(formatRupees(order.totalPrice));
  await expectNoSeriousA11yViolationsAtBothWidths(page);

  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByText(shopper.email)).toBeVisible();
  await expect(details.getByText('Not subscribed')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Addresses' }).getByText('(default)'),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Returns' }).getByText('No returns.'),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Reviews' }).getByText('No reviews.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page);

  await page
    .getByRole('region', { name: 'Orders' })
    .getByRole('link', { name: `#${shortOrderNumber(order._id)}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order._id}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Order #${shortOrderNumber(order._id)}` }),
  ).toBeVisible();
  // The order's page leads back to its shopper.
  await page.getByRole('region', { name: 'Customer' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
