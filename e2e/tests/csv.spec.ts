import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { ORDERS_CSV_COLUMNS } from '#contract';
import { expect, test } from '../fixtures.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { signUpViaApi } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { placeOrderViaApi } from '../support/orders.ts';

/**
 * The owner's CSV files (issue 27): the orders of the last days from
 * /admin/orders, and the products export read back by the import's dry run
 * from /admin/products with no row refused.
 */

test.describe.configure({ timeout: 90_000 });

const textOf = async (download: Download) => readFile((await download.path()) ?? '', 'utf8');

test('the owner downloads the orders CSV with a new order in it', async ({ page, request }) => {
  const account = await signUpViaApi(request);
  const { order } = await placeOrderViaApi(request, account.token, { lineCount: 1 });

  await signInAsAdmin(page, request);
  await page.goto('/admin/orders');
  const section = page.getByRole('region', { name: 'Orders as a spreadsheet' });
  await expect(section.getByLabel('From')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download orders CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const text = await textOf(download);
  expect(text.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(ORDERS_CSV_COLUMNS.join(','));
  expect(text).toContain(order._id);
});

test("the owner exports the products and the import's check refuses none of them", async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request);
  await page.goto('/admin/products');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export products' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('products.csv');

  await page.getByRole('button', { name: 'Import products' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  await dialog.getByLabel('CSV file').setInputFiles((await download.path()) ?? '');
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await expect(dialog.getByText('0 products to add')).toBeVisible();
  // Journeys running beside this one may sell stock meanwhile: those rows would change.
  await expect(dialog.getByText('0 rows refused')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
