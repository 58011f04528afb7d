import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRecentlyViewedStore } from '#web/features/catalogue/stores/recently-viewed-store.ts';
import { makeProduct } from '#web/testing/data.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { HomeRoute } from './home.tsx';

let latest = [makeProduct()];

function page(results: unknown[]) {
  return { results, total: results.length, page: 1, pages: 1, limit: 10 };
}

beforeEach(() => {
  useRecentlyViewedStore.setState({ productIds: [] });
  latest = [makeProduct({ title: 'Newest Tee' }), makeProduct({ title: 'Second Tee' })];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://shop.test');
      const results = url.searchParams.get('sortBy') === 'newest' ? latest : [];
      return Response.json({ success: true, result: page(results) });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HomeRoute', () => {
  it('asks for the 10 newest and the 5 best sellers, with a spinner until both arrive', async () => {
    renderRoutes([{ path: '/', Component: HomeRoute }]);

    expect(screen.getByRole('status', { name: 'Loading products' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());

    const urls = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(urls).toContain('/api/v1/product?sortBy=newest&limit=10');
    expect(urls).toContain('/api/v1/product?sortBy=bestSelling&limit=5');

    const latestSection = within(screen.getByRole('region', { name: 'Latest Collection' }));
    expect(latestSection.getAllByRole('article')).toHaveLength(2);
    expect(latestSection.getByRole('heading', { name: 'Newest Tee' })).toBeInTheDocument();

    const bestSellers = within(screen.getByRole('region', { name: 'Best Sellers' }));
    expect(bestSellers.getByText('No best sellers found.')).toBeInTheDocument();
  });

  it('shows the hero, the benefits and the newsletter offer', async () => {
    renderRoutes([{ path: '/', Component: HomeRoute }]);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());

    expect(screen.getByText('NEW ARRIVALS')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Stand Out with Custom Tees' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore More' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Design your own' })).toHaveAttribute(
      'href',
      '/products?customisable=true',
    );
    expect(screen.getByText('7 days free returns')).toBeInTheDocument();
    expect(screen.getByText('Easy exchange policy')).toBeInTheDocument();
    expect(screen.getByText('24/7 customer support')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subscribe & Get 20% Off' })).toBeInTheDocument();
  });

  it('shows a Recently viewed row of the products this browser opened', async () => {
    const viewed = makeProduct({ _id: 'tee-9', title: 'Viewed Before Tee' });
    useRecentlyViewedStore.setState({ productIds: ['tee-9'] });
    vi.mocked(fetch).mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://shop.test');
      if (url.pathname === '/api/v1/product/tee-9') {
        return Response.json({ success: true, result: viewed });
      }
      return Response.json({ success: true, result: page(latest) });
    });
    renderRoutes([{ path: '/', Component: HomeRoute }]);

    const recent = within(await screen.findByRole('region', { name: 'Recently viewed' }));
    expect(recent.getByRole('link', { name: 'Viewed Before Tee' })).toHaveAttribute(
      'href',
      '/product/tee-9',
    );
  });

  it('says so when the catalogue is empty', async () => {
    latest = [];
    renderRoutes([{ path: '/', Component: HomeRoute }]);

    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(screen.getByText('No best sellers found.')).toBeInTheDocument();
  });

  it('shows the server message and retries when loading fails', async () => {
    vi.mocked(fetch).mockImplementation(async () =>
      Response.json({ success: false, message: 'The catalogue is resting' }, { status: 503 }),
    );
    const { user } = renderRoutes([{ path: '/', Component: HomeRoute }]);

    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('The catalogue is resting');

    vi.mocked(fetch).mockImplementation(async () =>
      Response.json({ success: true, result: page([makeProduct({ title: 'Back Tee' })]) }),
    );
    await user.click(within(alerts[0] as HTMLElement).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Back Tee' })).toBeInTheDocument();
  });
});
