import { randomUUID } from 'node:crypto';
import { formatRupees, type Quote } from '#contract';
import { expect, test } from '../fixtures.ts';
import { signInAsAdmin } from '../support/admin.ts';
import {
  addToCartViaApi,
  bearer,
  productsInStock,
  resultOf,
  signUpViaApi,
  storeToken,
} from '../support/api.ts';
import { expectNoSeriousA11yViolationsAtBothWidths } from '../support/axe.ts';

/**
 * Issue 27: the owner creates a coupon in /admin → Promotions, and a shopper
 * uses it in the cart. The coupon's code is the test's own, so nothing
 * shop-wide changes.
 */
test('the owner creates a coupon in /admin, and a shopper uses it in the cart', async ({
  page,
  request,
}) => {
  test.slow(); // two pages and the admin screen's axe runs at two widths
  const code = `E2E${randomUUID().slice(0, 8).toUpperCase()}`;
  await signInAsAdmin(page, request);
  await page.goto('/admin/promotions');
  await expect(page.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New coupon' }).click();
  const form = page.getByRole('form', { name: 'New coupon' });
  await form.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await form.getByRole('textbox', { name: 'Description' }).fill('E2E sale: 10% off');
  await form.getByRole('combobox', { name: 'Discount' }).selectOption('percent');
  await form.getByRole('textbox', { name: 'Value' }).fill('10');
  await form.getByRole('textbox', { name: 'Uses in all' }).fill('3');
  await expectNoSeriousA11yViolationsAtBothWidths(page);
  await form.getByRole('button', { name: 'Create coupon' }).click();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('10% off');
  await expect(row).toContainText('0 of 3');
  await expect(row).toContainText('Active');

  const shopper = await signUpViaApi(request);
  const [stocked] = await productsInStock(request, { count: 1, minStock: 2 });
  if (!stocked) throw new Error('A product in stock');
  await addToCartViaApi(request, shopper.token, {
    productId: stocked.product._id,
    size: stocked.size,
    quantity: 1,
  });
  await storeToken(page, shopper.token);
  await page.goto('/cart');
  await expect(page.getByText('MAX500 applied')).toBeVisible();
  await page.getByRole('button', { name: 'Remove coupon MAX500' }).click();
  await page.getByRole('textbox', { name: 'Coupon code' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`${code} applied`)).toBeVisible();
  const quote = await resultOf<Quote>(
    await request.get('/api/v1/cart/quote', { headers: bearer(shopper.token) }),
  );
  expect(quote.coupon?.code).toBe(code);
  expect(quote.discount).toBe(Math.round(stocked.product.price * 10) / 100);
  await expect(page.getByText(`Coupon discount (${code})`)).toBeVisible();
  await expect(page.getByText(`−${formatRupees(quote.discount)}`)).toBeVisible();
});
