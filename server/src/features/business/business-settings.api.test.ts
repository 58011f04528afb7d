import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessSettingsSchema, TaxSettingsSchema } from '#contract';
import { asUser } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { signUp } from '#server-test/users.ts';
import { createBusinessSettingsService } from './business-settings.service.ts';

/** The shop's business details and tax settings (issue 26). */

const BUSINESS_URL = '/api/v1/admin/settings/business';
const TAX_URL = '/api/v1/admin/settings/tax';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createTestAppWithAdmin>>['admin'];

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(async () => {
  await t?.close();
});

const business = {
  legalName: 'TeeCraft Apparel Private Limited',
  tradeName: 'TeeCraft',
  address: '12 MG Road\nPune 411001',
  stateCode: '27',
  gstin: '27AAPFU0939F1ZV',
  invoicePrefix: 'TC',
};
const tax = {
  apparelThreshold: 2500,
  lowRatePercent: 5,
  highRatePercent: 18,
  giftWrapHsn: '998599',
  giftWrapRatePercent: 18,
  codFeeHsn: '996812',
  codFeeRatePercent: 18,
};

const getBusiness = () =>
  expectResult(t.app, asUser(admin, { url: BUSINESS_URL }), BusinessSettingsSchema);
const putBusiness = (payload: object) =>
  expectResult(
    t.app,
    asUser(admin, { method: 'PUT', url: BUSINESS_URL, payload }),
    BusinessSettingsSchema,
  );
const getTax = () => expectResult(t.app, asUser(admin, { url: TAX_URL }), TaxSettingsSchema);
const putTax = (payload: object) =>
  expectResult(t.app, asUser(admin, { method: 'PUT', url: TAX_URL, payload }), TaxSettingsSchema);

describe('GET and PUT /api/v1/admin/settings/business and /tax', () => {
  it('answers 401 without a session and 403 to a shopper, for all four calls', async () => {
    const shopper = await signUp(t.app);
    for (const [url, body] of [
      [BUSINESS_URL, business],
      [TAX_URL, tax],
    ] as const) {
      for (const method of ['GET', 'PUT'] as const) {
        const payload = method === 'PUT' ? body : undefined;
        await expectFailure(t.app, { method, url, payload }, 401);
        await expectFailure(t.app, asUser(shopper, { method, url, payload }), 403);
      }
    }
  });

  it('starts with no business details and no GSTIN, so no tax invoices, and the rates in force', async () => {
    expect(await getBusiness()).toEqual({
      legalName: '',
      tradeName: '',
      address: '',
      stateCode: null,
      gstin: null,
      invoicePrefix: 'TC',
    });
    expect(await createBusinessSettingsService(t.db).taxInvoiceSupplier()).toBeUndefined();
    expect(await getTax()).toEqual(tax);
  });

  it.each([
    [
      { ...business, stateCode: '29' },
      "GSTIN starts with 27, the code of Maharashtra (27), but the business is in Karnataka (29): its first two digits must be the state's GST code",
    ],
    [
      { ...business, gstin: '27AAPFU0939F1ZW' },
      'GSTIN has a wrong check character (its last): check it for a typing mistake',
    ],
    [{ ...business, gstin: '27AAPFU0939F1Z' }, 'GSTIN must be 15 characters'],
    [
      { ...business, stateCode: '25' },
      'State must be one of the states and union territories of the list',
    ],
    [{ ...business, stateCode: undefined }, 'State is required'],
    [{ ...business, legalName: ' ' }, 'Legal name is required'],
    [{ ...business, address: '' }, 'Address is required'],
    [
      { ...business, invoicePrefix: 'TCRF' },
      "Invoice prefix must be 1 to 3 letters or digits, so that a number like TC/26-27/000123 fits GST's 16 characters",
    ],
    [
      { ...business, invoicePrefix: 'T/C' },
      "Invoice prefix must be 1 to 3 letters or digits, so that a number like TC/26-27/000123 fits GST's 16 characters",
    ],
    [
      { ...business, invoicePrefix: 'cn' },
      'Invoice prefix cannot be CN: credit notes are numbered CN/…',
    ],
  ])('refuses %j with 400 "%s", changing nothing', async (payload, message) => {
    const before = await getBusiness();
    const failure = await expectFailure(
      t.app,
      asUser(admin, { method: 'PUT', url: BUSINESS_URL, payload }),
      400,
    );
    expect(failure.errors?.map((error) => error.message)).toContain(message);
    expect(await getBusiness()).toEqual(before);
  });

  it('keeps the details the owner saves, the GSTIN upper-cased, and issues tax invoices from then on', async () => {
    const saved = await putBusiness({
      ...business,
      gstin: ' 27aapfu0939f1zv ',
      invoicePrefix: 'tc1',
    });
    expect(saved).toEqual({ ...business, invoicePrefix: 'TC1' });
    expect(await getBusiness()).toEqual(saved);
    expect(await createBusinessSettingsService(t.db).taxInvoiceSupplier()).toEqual(saved);

    // Clearing the GSTIN stops tax invoices again.
    expect(await putBusiness({ ...business, gstin: '' })).toMatchObject({ gstin: null });
    expect(await createBusinessSettingsService(t.db).taxInvoiceSupplier()).toBeUndefined();
    await putBusiness(business);
  });

  it.each([
    [{ ...tax, lowRatePercent: 18, highRatePercent: 5 }, 'High rate must be above the low rate'],
    [{ ...tax, highRatePercent: 101 }, 'High rate must be at most 100%'],
    [{ ...tax, lowRatePercent: -1 }, 'Low rate must be 0% or more'],
    [{ ...tax, apparelThreshold: 0 }, 'Apparel threshold must be more than ₹0'],
    [{ ...tax, apparelThreshold: 2500.001 }, 'Apparel threshold may have at most 2 decimals'],
    [{ ...tax, giftWrapHsn: '99859' }, 'Gift wrap HSN/SAC code must be 4, 6 or 8 digits'],
    [
      { ...tax, codFeeHsn: 'SAC996812' },
      'Cash on delivery fee HSN/SAC code must be 4, 6 or 8 digits',
    ],
    [{ ...tax, codFeeRatePercent: '18' }, 'Cash on delivery fee rate must be a number'],
  ])('refuses the tax settings %j with 400 "%s", changing nothing', async (payload, message) => {
    const before = await getTax();
    const failure = await expectFailure(
      t.app,
      asUser(admin, { method: 'PUT', url: TAX_URL, payload }),
      400,
    );
    expect(failure.errors?.map((error) => error.message)).toContain(message);
    expect(await getTax()).toEqual(before);
  });

  it('keeps the tax settings the owner saves, and taxes by them, leaving the business details alone', async () => {
    const changed = {
      apparelThreshold: 1000.5,
      lowRatePercent: 12,
      highRatePercent: 28,
      giftWrapHsn: '48239090',
      giftWrapRatePercent: 12.5,
      codFeeHsn: '9968',
      codFeeRatePercent: 5,
    };
    const before = await getBusiness();
    expect(await putTax(changed)).toEqual(changed);
    expect(await getTax()).toEqual(changed);
    expect(await getBusiness()).toEqual(before);
    expect(await createBusinessSettingsService(t.db).taxRules()).toEqual({
      rates: { thresholdPaise: 100_050, lowRatePercent: 12, highRatePercent: 28 },
      giftWrap: { hsn: '48239090', ratePercent: 12.5 },
      codFee: { hsn: '9968', ratePercent: 5 },
    });
    await putTax(tax);
    expect(await getBusiness()).toEqual(before);
  });
});
