import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { type AdminProduct, type Order, shortOrderNumber } from '#contract';
import { expect, test } from '../fixtures.ts';
import { adminTokenViaApi, signInAsAdmin } from '../support/admin.ts';
import { bearer, resultOf, signUpViaApi, storeToken } from '../support/api.ts';
import { expectNoSeriousA11yViolations, VIEWPORTS } from '../support/axe.ts';
import { shopDate, shopDateTime } from '../support/format.ts';
import { placeOrderViaApi } from '../support/orders.ts';

/**
 * The shop owner's screens (issue 6, D25, D19): an admin adds a product with
 * an uploaded picture, a shopper buys it, the admin ships and delivers the
 * order, and the shopper sees it delivered.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real width×height PNG: a diagonal two-colour pattern (RGB, 8 bits). */
function pngOf(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const on = (x + y) % 40 < 20;
      rows.set(on ? [225, 29, 72] : [250, 250, 250], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The order page's fact: the value next to its term. */
const fact = (page: Page, term: string) =>
  page.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');

test('an admin adds a product with a picture, a shopper buys it, the admin delivers it', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // a product, an order and its delivery, in two browsers with two axe runs
  const title = `E2E Tee ${Date.now().toString(36)}`;
  await signInAsAdmin(page, request);
  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('A soft cotton tee made for the end-to-end test.');
  await page.getByLabel('Price (₹)', { exact: true }).fill('749.50');
  await page.getByLabel('Gender').selectOption('Unisex');
  await page.getByLabel('Category').selectOption('T-Shirts');
  await page.getByLabel('Colour name').fill('Navy');
  await page.getByLabel('Colour', { exact: true }).fill('#1e3a5f');
  await page.getByLabel('Stock M').fill('4');
  await page.getByLabel('Stock L').fill('7');
  await page.getByLabel('Upload images').setInputFiles({
    name: 'tee.png',
    mimeType: 'image/png',
    buffer: pngOf(240, 240),
  });
  await expect(page.getByRole('img', { name: 'Product view 1' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const productId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  expect(productId).not.toBe('');
  await expect(page.getByLabel('Stock M')).toHaveValue('4');
  await expect(page.getByRole('img', { name: 'Product view 1' })).toBeVisible();

  // The shop sells it at once, picture and all.
  const shopper = await signUpViaApi(request);
  const shopperPage = await (await browser.newContext()).newPage();
  await shopperPage.goto(`/product/${productId}`);
  await expect(shopperPage.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const { order } = await placeOrderViaApi(request, shopper.token, {
    lines: [
      {
        product: await resultOf(await request.get(`/api/v1/product/${productId}`)),
        size: 'M',
        quantity: 1,
      },
    ],
  });

  // The admin finds the order by the shopper's email and moves it along.
  await page.goto('/admin/orders');
  await page.getByRole('searchbox', { name: 'Search by order id or email' }).fill(shopper.email);
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: `#${shortOrderNumber(order._id)}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Order #${shortOrderNumber(order._id)}` }),
  ).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Ship' }).click();
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Shipped', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(status.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(status.getByText('This order is final: nothing more to do.')).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('by E2E Admin (admin, admin@e2e.test)')).toHaveCount(2);

  // The shopper sees it delivered, with the date, on the order page and the tracking page.
  const delivered = await resultOf<Order>(
    await request.get(`/api/v1/order/${order._id}`, {
      headers: { authorization: `Bearer ${shopper.token}` },
    }),
  );
  if (!delivered.deliveredAt) throw new Error('a delivered order has its delivery time');
  await storeToken(shopperPage, shopper.token);
  await shopperPage.goto(`/order/${order._id}`);
  await expect(shopperPage.getByText('Delivered', { exact: true }).first()).toBeVisible();
  await expect(fact(shopperPage, 'Delivered on')).toHaveText(
    await shopDate(shopperPage, delivered.deliveredAt),
  );
  await shopperPage.goto(`/order/${order._id}/track`);
  const steps = shopperPage.getByRole('list', { name: 'Order progress' }).getByRole('listitem');
  await expect(steps.nth(2)).toContainText('Delivered');
  await expect(steps.nth(2)).toContainText(await shopDateTime(shopperPage, delivered.deliveredAt));
  await shopperPage.context().close();
});

test('deleting a product that was ordered archives it; restore puts it back on sale', async ({
  page,
  request,
}) => {
  const token = await adminTokenViaApi(request);
  const product = await resultOf<AdminProduct>(
    await request.post('/api/v1/admin/products', {
      headers: bearer(token),
      data: {
        title: `Archive Tee ${Date.now().toString(36)}`,
        description: 'Ordered once, then taken off sale.',
        price: 499,
        gender: 'Unisex',
        category: 'T-Shirts',
        color: { name: 'White', hex: '#f5f5f2' },
        sizes: { S: 5 },
      },
    }),
  );
  const shopper = await signUpViaApi(request);
  await placeOrderViaApi(request, shopper.token, {
    lines: [
      {
        product: await resultOf(await request.get(`/api/v1/product/${product._id}`)),
        size: 'S',
        quantity: 1,
      },
    ],
  });

  await signInAsAdmin(page, request);
  await page.goto(`/admin/products/${product._id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this product?' })
    .getByRole('button', { name: 'Yes, delete' })
    .click();
  await expect(
    page.getByText('Orders include this product, so it was archived: it has left the shop.'),
  ).toBeVisible();
  await expect(page.getByText('Archived: this product is not in the shop.')).toBeVisible();
  expect((await request.get(`/api/v1/product/${product._id}`)).status()).toBe(404);

  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Product restored: it is on sale again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  expect((await request.get(`/api/v1/product/${product._id}`)).ok()).toBe(true);
});

test('a shopper who opens /admin is not allowed in, and has no Admin menu item', async ({
  page,
  request,
}) => {
  const shopper = await signUpViaApi(request);
  await storeToken(page, shopper.token);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitem', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
});

test('a visitor who opens /admin is sent to sign in', async ({ page }) => {
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Forders/);
});

test('the dashboard passes axe at both widths', async ({ page, request }) => {
  test.slow(); // two full axe runs of the longest admin page
  await signInAsAdmin(page, request);
  await page.setViewportSize(VIEWPORTS.laptop);
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Orders by status' })).toBeVisible();
  await expect(page.getByText('Revenue, last 7 days')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(VIEWPORTS.phone);
  await expectNoSeriousA11yViolations(page);
});

test('the products screen passes axe and shows the archived', async ({ page, request }) => {
  await signInAsAdmin(page, request);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Products' })
    .click();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Show').selectOption('Archived');
  await expect(page).toHaveURL(/archived=true/);
});

test('the orders screen passes axe', async ({ page, request }) => {
  await signInAsAdmin(page, request);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByLabel('Status')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the messages screen passes axe and downloads the subscribers', async ({ page, request }) => {
  await signInAsAdmin(page, request);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Messages' })
    .click();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('newsletter-subscribers.csv');
});
