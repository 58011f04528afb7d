import { screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TAX_SETTINGS, NO_GSTIN_NOTICE, type PaymentSettings } from '#contract';
import { makeUnsetBusinessSettings } from '#web/testing/data.ts';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { AdminSettingsRoute } from './settings.tsx';

/** The cash on delivery form's Save (the Business and Tax sections have one each). */
const saveCashRules = () =>
  within(screen.getByRole('form', { name: 'Cash on delivery' })).getByRole('button', {
    name: 'Save',
  });

afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

const defaults: PaymentSettings = {
  codEnabled: true,
  codMaxOrder: 5000,
  codFee: 0,
  razorpay: null,
};

/** What the Business and Tax sections load: a shop with no GSTIN yet (issue 26); the low-stock threshold (issue 27). */
const businessReplies = {
  'GET /admin/settings/business': () => apiOk(makeUnsetBusinessSettings()),
  'GET /admin/settings/tax': () => apiOk(DEFAULT_TAX_SETTINGS),
  'GET /admin/low-stock-settings': () => apiOk({ threshold: 5 }),
};

describe('AdminSettingsRoute (issue 26)', () => {
  it('has a Business section that says no tax invoices are issued without a GSTIN, and a Tax section', async () => {
    mockApi({ ...businessReplies, 'GET /admin/settings/payments': apiOk(defaults) });
    renderWithRouter(<AdminSettingsRoute />);
    const business = await screen.findByRole('region', { name: 'Business' });
    expect(await within(business).findByText(`${NO_GSTIN_NOTICE}.`)).toBeInTheDocument();
    expect(within(business).getByRole('combobox', { name: 'State' })).toHaveValue('');
    const tax = screen.getByRole('region', { name: 'Tax (GST)' });
    expect(await within(tax).findByLabelText('High rate (%)')).toHaveValue('18');
  });
});

describe('AdminSettingsRoute (issue 25)', () => {
  it.each([
    [null, 'Test payments: no money moves'],
    [{ mode: 'test' as const }, 'Razorpay, test mode.'],
    [{ mode: 'live' as const }, 'Razorpay, live mode.'],
  ])('says how shoppers pay (Razorpay %j)', async (razorpay, words) => {
    mockApi({
      ...businessReplies,
      'GET /admin/settings/payments': apiOk({ ...defaults, razorpay }),
    });
    renderWithRouter(<AdminSettingsRoute />);
    const online = await screen.findByRole('region', { name: 'Online payments' });
    expect(within(online).getByText(words)).toBeInTheDocument();
  });

  it("saves cash on delivery's rules as numbers", async () => {
    const api = mockApi({
      ...businessReplies,
      'GET /admin/settings/payments': apiOk(defaults),
      'PUT /admin/settings/payments': ({ body }) => apiOk({ ...(body as object), razorpay: null }),
    });
    const { user } = renderWithRouter(<AdminSettingsRoute />);
    const limit = await screen.findByLabelText('Highest order for cash (₹)');
    expect(limit).toHaveValue('5000');
    await user.clear(limit);
    await user.type(limit, '2500');
    const fee = screen.getByLabelText('Cash on delivery fee (₹)');
    await user.clear(fee);
    await user.type(fee, '49.5');
    await user.click(screen.getByRole('checkbox', { name: 'Offer cash on delivery' }));
    await user.click(saveCashRules());

    expect(await screen.findByText('Payment settings saved')).toBeInTheDocument();
    const sent = api.requests.find((request) => request.method === 'PUT');
    expect(sent?.body).toEqual({ codEnabled: false, codMaxOrder: 2500, codFee: 49.5 });
  });

  it("checks the contract's rules before sending, and shows the server's under the field", async () => {
    const api = mockApi({
      ...businessReplies,
      'GET /admin/settings/payments': apiOk(defaults),
      'PUT /admin/settings/payments': apiFail(400, 'Invalid', [
        { field: 'codMaxOrder', message: 'Cash on delivery limit must be at most ₹10,00,000' },
      ]),
    });
    const { user } = renderWithRouter(<AdminSettingsRoute />);
    const fee = await screen.findByLabelText('Cash on delivery fee (₹)');
    await user.clear(fee);
    await user.type(fee, '-1');
    await user.click(saveCashRules());
    expect(await screen.findByText('Cash on delivery fee must be ₹0 or more')).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.clear(fee);
    await user.type(fee, '0');
    await user.click(saveCashRules());
    expect(
      await screen.findByText('Cash on delivery limit must be at most ₹10,00,000'),
    ).toBeInTheDocument();
  });
});

describe('AdminSettingsRoute (issue 27)', () => {
  it('saves the low-stock threshold as a number, and refuses a negative one', async () => {
    const api = mockApi({
      ...businessReplies,
      'GET /admin/settings/payments': apiOk(defaults),
      'PUT /admin/low-stock-settings': ({ body }) => apiOk(body),
    });
    const { user } = renderWithRouter(<AdminSettingsRoute />);
    const form = await screen.findByRole('form', { name: 'Low-stock alert' });
    const threshold = await within(form).findByLabelText('Threshold (units)');
    expect(threshold).toHaveValue('5');
    await user.clear(threshold);
    await user.type(threshold, '-1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Threshold must be 0 or more')).toBeInTheDocument();
    await user.clear(threshold);
    await user.type(threshold, '3');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Low-stock alert saved')).toBeInTheDocument();
    const sent = api.requests.find((request) => request.method === 'PUT');
    expect(sent?.body).toEqual({ threshold: 3 });
  });
});
