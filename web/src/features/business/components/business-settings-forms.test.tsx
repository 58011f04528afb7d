import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TAX_SETTINGS, NO_GSTIN_NOTICE } from '#contract';
import { makeUnsetBusinessSettings } from '#web/testing/data.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { BusinessDetailsForm, TaxSettingsForm } from './business-settings-forms.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const unset = makeUnsetBusinessSettings();

describe('BusinessDetailsForm (issue 26)', () => {
  it('says no tax invoices are issued without a GSTIN, checks the GSTIN against the state, then saves', async () => {
    const saved = {
      legalName: 'TeeCraft Apparel LLP',
      tradeName: '',
      address: '12 MG Road, Pune',
      stateCode: '27',
      gstin: '27AAPFU0939F1ZV',
      invoicePrefix: 'TC',
    };
    const api = mockApi({ 'PUT /admin/settings/business': () => apiOk(saved) });
    const { user } = renderWithRouter(<BusinessDetailsForm settings={unset} />);
    expect(screen.getByRole('status')).toHaveTextContent(NO_GSTIN_NOTICE);

    await user.type(screen.getByRole('textbox', { name: 'Legal name' }), saved.legalName);
    await user.type(screen.getByRole('textbox', { name: 'Address' }), saved.address);
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Karnataka');
    await user.type(screen.getByRole('textbox', { name: 'GSTIN' }), '27aapfu0939f1zv');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        /GSTIN starts with 27, the code of Maharashtra \(27\), but the business is in Karnataka \(29\)/,
      ),
    ).toBeInTheDocument();
    expect(api.requests).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Maharashtra');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Business details saved')).toBeInTheDocument();
    expect(api.requests[0]?.body).toEqual({ ...saved, gstin: '27AAPFU0939F1ZV' });
  });

  it('names a wrong check character, and says nothing of invoices once a GSTIN is set', async () => {
    mockApi({});
    const { user } = renderWithRouter(
      <BusinessDetailsForm
        settings={{
          ...unset,
          legalName: 'A',
          address: 'B',
          stateCode: '27',
          gstin: '27AAPFU0939F1ZV',
        }}
      />,
    );
    expect(screen.queryByText(NO_GSTIN_NOTICE, { exact: false })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('27');
    const gstin = screen.getByRole('textbox', { name: 'GSTIN' });
    await user.clear(gstin);
    await user.type(gstin, '27AAPFU0939F1ZW');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/wrong check character/)).toBeInTheDocument();
  });
});

describe('TaxSettingsForm (issue 26)', () => {
  it('names the band of prices that fit neither rate', () => {
    mockApi({});
    renderWithRouter(<TaxSettingsForm settings={{ ...DEFAULT_TAX_SETTINGS }} />);
    expect(
      screen.getByText(/A price from ₹2,625.01 to ₹2,950.00 fits neither/),
    ).toBeInTheDocument();
  });
});
