import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Analytics, AnalyticsBucket } from '#contract';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { SalesOverTime, shopToday } from './sales-over-time.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const bucket = (start: string, end: string, revenue: number, orders: number): AnalyticsBucket => ({
  start,
  end,
  revenue,
  orders,
  averageOrderValue: orders === 0 ? 0 : revenue / orders,
  units: orders * 2,
  newCustomers: orders,
  returns: 0,
  refunds: 0,
});

const answer = (query: URLSearchParams): Analytics => {
  const buckets = [
    bucket('2026-11-20', '2026-11-20', 998, 2),
    bucket('2026-11-21', '2026-11-26', 250.5, 1),
  ];
  return {
    from: query.get('from') ?? '',
    to: query.get('to') ?? '',
    interval: (query.get('interval') as Analytics['interval']) ?? 'day',
    timeZone: 'Asia/Kolkata',
    buckets,
    totals: { ...bucket('', '', 1248.5, 3), refunds: 120 },
    topProducts: [{ productId: 'p1', title: 'Plain Tee', units: 4, sales: 1996 }],
    topCustomisedProducts: [],
  };
};

// 27 Nov 2026, 20:00 UTC: already 28 Nov in India.
const now = new Date('2026-11-27T20:00:00Z');

describe('SalesOverTime', () => {
  it('asks for the last 30 days of India’s calendar, shows the totals, the table and the top products', async () => {
    const { requests } = mockApi({
      'GET /admin/analytics': (request) =>
        apiOk(answer(new URL(request.path, 'http://shop.test').searchParams)),
    });
    renderWithRouter(<SalesOverTime now={now} />);
    expect(shopToday(now)).toBe('2026-11-28');
    expect(await screen.findByText('₹1,248.50')).toBeInTheDocument();
    expect(requests[0]?.path).toBe('/admin/analytics?from=2026-10-30&to=2026-11-28&interval=day');
    const table = screen.getByRole('table');
    expect(
      within(table).getByRole('rowheader', { name: '21 Nov 2026 – 26 Nov 2026' }),
    ).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Plain Tee')).toBeInTheDocument();
    expect(screen.getByText('None sold in this range.')).toBeInTheDocument();
  });

  it('asks again for 7 days, by week, and for a range typed in', async () => {
    const { requests } = mockApi({
      'GET /admin/analytics': (request) =>
        apiOk(answer(new URL(request.path, 'http://shop.test').searchParams)),
    });
    const { user } = renderWithRouter(<SalesOverTime now={now} />);
    await screen.findByText('₹1,248.50');
    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(screen.getByLabelText('Intervals'), 'week');
    await vi.waitFor(() =>
      expect(requests.at(-1)?.path).toBe(
        '/admin/analytics?from=2026-11-22&to=2026-11-28&interval=week',
      ),
    );
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Show range' }));
    await vi.waitFor(() =>
      expect(requests.at(-1)?.path).toBe(
        '/admin/analytics?from=2026-01-01&to=2026-11-28&interval=week',
      ),
    );
  });
});
