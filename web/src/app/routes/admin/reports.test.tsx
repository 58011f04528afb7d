import { screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BusinessSettings, NO_GSTIN_NOTICE } from '#contract';
import { monthLabel, monthsUpTo } from '#web/features/invoices/components/gst-report-form.tsx';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { AdminReportsRoute } from './reports.tsx';

const business = (gstin: string | null): BusinessSettings => ({
  legalName: 'Threadcraft Apparel Private Limited',
  tradeName: 'Threadcraft',
  address: '80 Feet Road, Bengaluru',
  stateCode: '29',
  gstin,
  invoicePrefix: 'TC',
});

// jsdom makes no object URLs and follows no download link: both are stood in for.
const saved: string[] = [];
Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined });

beforeEach(() => {
  saved.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  toast.remove();
});

describe('monthsUpTo', () => {
  it("counts back from this month on India's calendar, across the year's turn", () => {
    // 31 December 2026 20:00 UTC is already 1 January 2027 in India.
    expect(monthsUpTo(new Date('2026-12-31T20:00:00Z'), 3)).toEqual([
      '2027-01',
      '2026-12',
      '2026-11',
    ]);
  });
});

describe('AdminReportsRoute (issue 26)', () => {
  it("downloads last month's GSTR-1 files, or the month chosen", async () => {
    const api = mockApi({
      'GET /admin/settings/business': apiOk(business('29AAACT1234F1Z5')),
      'GET /admin/reports/gst': new Response(new Blob(['PK']), {
        headers: { 'content-type': 'application/zip' },
      }),
    });
    const { user } = renderWithRouter(<AdminReportsRoute />);
    const [thisMonth = '', lastMonth = '', before = ''] = monthsUpTo(new Date());
    const month = await screen.findByRole('combobox', { name: 'Month' });
    expect(month).toHaveValue(lastMonth);
    expect(screen.getByRole('option', { name: monthLabel(thisMonth) })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download GSTR-1 files' }));
    await waitFor(() => expect(saved).toEqual([`gstr1-${lastMonth}.zip`]));
    await user.selectOptions(month, before);
    await user.click(screen.getByRole('button', { name: 'Download GSTR-1 files' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe(`gstr1-${before}.zip`);
    expect(
      api.requests
        .filter((request) => request.path.startsWith('/admin/reports'))
        .map((r) => r.path),
    ).toEqual([`/admin/reports/gst?month=${lastMonth}`, `/admin/reports/gst?month=${before}`]);
    // With a GSTIN set there is nothing to warn about.
    expect(screen.queryByText(NO_GSTIN_NOTICE, { exact: false })).toBeNull();
  });

  it('says no tax invoices are issued while the shop has no GSTIN, with the way to Settings', async () => {
    mockApi({ 'GET /admin/settings/business': apiOk(business(null)) });
    renderWithRouter(<AdminReportsRoute />);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(`${NO_GSTIN_NOTICE}.`);
    expect(screen.getByRole('link', { name: 'Set it under Settings' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
  });

  it("shows the server's reason when the report is refused", async () => {
    mockApi({
      'GET /admin/settings/business': apiOk(business('29AAACT1234F1Z5')),
      'GET /admin/reports/gst': apiFail(403, 'You are not allowed to do that'),
    });
    const { user } = renderWithRouter(<AdminReportsRoute />);
    await user.click(await screen.findByRole('button', { name: 'Download GSTR-1 files' }));
    expect(await screen.findByText('You are not allowed to do that')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
