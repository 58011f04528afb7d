import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { shortOrderNumber } from '#contract';
import { expect, test } from '../fixtures.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { signUpViaApi, storeToken } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { placeOrderViaApi } from '../support/orders.ts';

/**
 * A GST invoice reaches the shopper and the owner (issue 26): the journeys'
 * shop has a GSTIN (shop-setup.setup.ts), so a cash order is invoiced when it
 * is placed, and its page downloads the PDF; the owner downloads it from the
 * admin's order page, and the month's GSTR-1 files from Reports.
 */

test.describe.configure({ timeout: 90_000 });

/** The text of a downloaded PDF, its pieces joined by spaces. */
async function pdfText(download: Download): Promise<string> {
  const data = new Uint8Array(await readFile((await download.path()) ?? ''));
  const document = await getDocument({ data, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join(' ');
}

test('the shopper and the owner download the invoice of an order from its page', async ({
  page,
  browser,
  request,
}) => {
  const account = await signUpViaApi(request);
  const { order } = await placeOrderViaApi(request, account.token, { lineCount: 1 });

  await storeToken(page, account.token);
  await page.goto(`/order/${order._id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Order #${shortOrderNumber(order._id)}` }),
  ).toBeVisible();
  const documents = page.getByRole('region', { name: 'Tax documents' });
  const invoiceName = documents.getByText(/^Tax invoice /);
  await expect(invoiceName).toBeVisible();
  const number = (await invoiceName.textContent())?.replace('Tax invoice ', '') ?? '';
  expect(number).toMatch(/^[A-Z0-9]{1,3}\/\d\d-\d\d\/\d{6}$/);
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByRole('button', { name: 'Download invoice' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${number.replaceAll('/', '-')}.pdf`);
  const text = await pdfText(download);
  expect(text).toContain('TAX INVOICE');
  expect(text).toContain(number);

  // The owner downloads the same invoice from the admin's order page.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAsAdmin(adminPage, request);
  await adminPage.goto(`/admin/orders/${order._id}`);
  const [ownerDownload] = await Promise.all([
    adminPage.waitForEvent('download'),
    adminPage
      .getByRole('region', { name: 'Tax documents' })
      .getByRole('button', { name: 'Download invoice' })
      .click(),
  ]);
  expect(ownerDownload.suggestedFilename()).toBe(download.suggestedFilename());
  await adminContext.close();
});

test("the owner downloads a month's GSTR-1 files from Reports", async ({ page, request }) => {
  await signInAsAdmin(page, request);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const month = page.getByRole('combobox', { name: 'Month' });
  const chosen = await month.inputValue();
  expect(chosen).toMatch(/^\d{4}-\d\d$/);
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download GSTR-1 files' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`gstr1-${chosen}.zip`);
  const zip = await readFile((await download.path()) ?? '');
  // A ZIP starts with its local file header's signature, PK\3\4.
  expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
});
