import type { APIRequestContext } from '@playwright/test';
import { type AdminProduct, STOCK_ALERT_CHECK_INBOX, type StockAlert } from '#contract';
import { expect, test } from '../fixtures.ts';
import { adminTokenViaApi } from '../support/admin.ts';
import { bearer, productsInStock, resultOf, uniqueEmail } from '../support/api.ts';
import { waitForEmail } from '../support/inbox.ts';

/** D33: save products for later, and hear when a sold-out size is back. */

test('a saved product waits on /wishlist, one step from the cart', async ({ page, request }) => {
  const [{ product } = { product: undefined }] = await productsInStock(request, { count: 1 });
  if (!product) throw new Error('a product in stock is needed');
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { name: product.title, level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  const heart = page.getByRole('button', { name: `Save to wishlist: ${product.title}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('banner').getByRole('link', { name: 'Wishlist' }).click();
  await expect(page).toHaveURL('/wishlist');
  await expect(page.getByRole('heading', { name: 'Wishlist', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: product.title })).toBeVisible();
  await page.getByRole('button', { name: `Add to cart: ${product.title}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Product added to cart!' }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName(
    'Cart, 1 item',
  );
});

/** A product of this test's own, with size S sold out. */
async function soldOutProduct(request: APIRequestContext, adminToken: string) {
  const body = {
    title: `Alert Tee ${crypto.randomUUID().slice(0, 8)}`,
    description: 'A tee whose small size sold out.',
    price: 599,
    gender: 'Unisex',
    category: 'T-Shirts',
    color: { name: 'White', hex: '#f5f5f2' },
    sizes: { S: 0, M: 4 },
  };
  const product = await resultOf<AdminProduct>(
    await request.post('/api/v1/admin/products', { headers: bearer(adminToken), data: body }),
  );
  return { product, body };
}

test('Notify me on a sold-out size: the guest confirms by the mailed link, the owner restocks it and the email arrives', async ({
  page,
  request,
}) => {
  const adminToken = await adminTokenViaApi(request);
  const { product, body } = await soldOutProduct(request, adminToken);
  const email = uniqueEmail('notify');

  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { name: product.title, level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  const notify = page.getByRole('region', { name: 'Sold out in your size?' });
  await notify.getByLabel('Size').selectOption('S');
  await notify.getByLabel('Email').fill(email);
  await notify.getByRole('button', { name: 'Notify me' }).click();
  await expect(notify.getByRole('status')).toHaveText(
    `${STOCK_ALERT_CHECK_INBOX} We sent the link to ${email}.`,
  );

  // A guest's request is kept only once the mailed link is followed (double opt-in).
  const confirmation = await waitForEmail(
    email,
    new RegExp(`Confirm: tell me when ${product.title}`),
  );
  const link = /https?:\/\/\S+\/stock-alerts\/confirm\?token=[\w-]+/.exec(confirmation.text)?.[0];
  if (!link) throw new Error(`No confirmation link in: ${confirmation.text}`);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('button', { name: 'Yes, tell me when it is back' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Confirmed: we will email ${email} once when size S is back.`,
  );

  // The owner's edit brings size S back (D25).
  await resultOf<AdminProduct>(
    await request.put(`/api/v1/admin/products/${product._id}`, {
      headers: bearer(adminToken),
      data: { ...body, sizes: { S: 6, M: 4 } },
    }),
  );
  const mail = await waitForEmail(email, new RegExp(`${product.title} in size S is back`));
  expect(mail.text).toContain(`/product/${product._id}`);

  // Asking again once it is back is refused: the size is in stock.
  const again = await request.post(`/api/v1/product/${product._id}/stock-alerts`, {
    data: { size: 'S', email },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { result?: StockAlert }).result).toBeUndefined();
});

test('active filters show as chips that remove them, and Clear all', async ({ page }) => {
  await page.goto('/products?gender=Men&size=M');
  const men = page.getByRole('button', { name: 'Remove filter: Men' });
  await expect(men).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Remove filter: M', exact: true })).toBeVisible();
  // Counts sit beside the options, for the other filters as applied.
  const filters = page.getByRole('complementary');
  await expect(filters.getByRole('checkbox', { name: /^Women \(\d+ products?\)$/ })).toBeVisible();

  await men.click();
  await expect(page).toHaveURL('/products?size=M');
  await expect(men).toBeHidden();
  await expect(filters.getByRole('checkbox', { name: /^Men \(/ })).not.toBeChecked();

  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL('/products');
  await expect(page.getByRole('button', { name: /^Remove filter/ })).toHaveCount(0);
});
