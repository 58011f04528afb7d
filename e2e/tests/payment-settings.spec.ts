import {
  cashOnDeliveryLimitMessage,
  DEFAULT_PAYMENT_SETTINGS,
  formatRupees,
  type Quote,
} from '#contract';
import { expect, test } from '../fixtures.ts';
import { adminTokenViaApi, signInAsAdmin } from '../support/admin.ts';
import {
  addToCartViaApi,
  bearer,
  productsInStock,
  resultOf,
  signUpViaApi,
  storeToken,
} from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { addAddressViaApi } from '../support/orders.ts';

/**
 * Cash on delivery within the owner's rules (issue 25): the owner sets a fee
 * and a limit at /admin/settings; a shopper sees the fee in the price details
 * while paying in cash, and is not offered cash above the limit. The rules
 * are the whole shop's, so this journey runs in a project of its own after
 * every other one (playwright.config.ts) and puts the defaults back.
 */

test('the owner sets a cash fee and limit; the shopper sees the fee and no cash above the limit', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.slow(); // two browsers, an axe run and two checkouts
  const [stocked] = await productsInStock(request, { count: 1, minStock: 3 });
  if (!stocked) throw new Error('a product with stock is needed');
  const shopper = await signUpViaApi(request);
  await addAddressViaApi(request, shopper.token);
  const line = { productId: stocked.product._id, size: stocked.size, quantity: 1 };
  await addToCartViaApi(request, shopper.token, line);
  const quote = await resultOf<Quote>(
    await request.get('/api/v1/cart/quote', { headers: bearer(shopper.token) }),
  );
  const adminToken = await adminTokenViaApi(request);

  try {
    // The owner: exactly this order's total is the highest taken in cash, with a ₹49 fee.
    await signInAsAdmin(page, request);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Online payments' })).toContainText(
      /Test payments: no money moves|Razorpay, (test|live) mode/,
    );
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Highest order for cash (₹)').fill(String(quote.total));
    await page.getByLabel('Cash on delivery fee (₹)').fill('49');
    // The Business and Tax (GST) sections above have a Save of their own (issue 26).
    await page
      .getByRole('form', { name: 'Cash on delivery' })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect(page.getByText('Payment settings saved')).toBeVisible();

    // The shopper, at the limit: cash is offered, and its fee is in the price details.
    const context = await browser.newContext();
    const shop = await context.newPage();
    await storeToken(shop, shopper.token);
    await shop.goto('/checkout');
    const cash = shop.getByRole('radio', { name: /Cash On Delivery/ });
    await expect(cash).toBeChecked();
    const details = shop.getByRole('region', { name: 'Price Details' });
    await expect(details).toContainText(`Cash on delivery fee${formatRupees(49)}`);
    await expect(details).toContainText(`Total${formatRupees(quote.total + 49)}`);
    await shop.getByRole('radio', { name: /Debit\/Card/ }).check();
    await expect(details).toContainText(`Total${formatRupees(quote.total)}`);
    await expect(details).not.toContainText('Cash on delivery fee');

    // One more unit is above the limit: cash is not offered, and the page says why.
    const cart = await resultOf<{ _id: string }[]>(
      await request.get('/api/v1/cart/get-all', { headers: bearer(shopper.token) }),
    );
    await request.put(`/api/v1/cart/update/${cart[0]?._id}`, {
      headers: bearer(shopper.token),
      data: { quantity: 2 },
    });
    await shop.goto('/checkout');
    await expect(shop.getByText(cashOnDeliveryLimitMessage(quote.total))).toBeVisible();
    await expect(shop.getByRole('radio', { name: /Cash On Delivery/ })).toHaveCount(0);
    await expect(shop.getByRole('radio', { name: /Debit\/Card/ })).toBeChecked();
    await context.close();
  } finally {
    await request.put('/api/v1/admin/settings/payments', {
      headers: bearer(adminToken),
      data: { ...DEFAULT_PAYMENT_SETTINGS },
    });
  }
  expect(consoleErrors).toEqual([]);
});
