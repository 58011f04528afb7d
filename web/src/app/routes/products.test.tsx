import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#contract';
import { makeProduct } from '#web/testing/data.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { ProductsRoute } from './products.tsx';

const FILTERS = {
  sizes: ['S', 'M', 'L'],
  categories: ['Hoodies', 'T-Shirts'],
  genders: ['Men', 'Women'],
  colors: [{ name: 'Navy', hex: '#1e3a5f' }],
  priceStats: { minPrice: 299, maxPrice: 2499 },
};

let results: Product[] = [];
/** Facet counts that do not come: the sidebar shows its options without counts (their tests are the form's). */
const NO_COUNTS = Response.json({ success: false, message: 'Counts are resting' }, { status: 503 });
let filtersFail = false;

function productRequests(): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://shop.test'))
    .filter((url) => url.pathname === '/api/v1/product')
    .map((url) => url.searchParams);
}

const lastProductRequest = () => Object.fromEntries(productRequests().at(-1) ?? []);

beforeEach(() => {
  results = [makeProduct({ title: 'Sunset Tee' }), makeProduct({ title: 'Cloud Hoodie' })];
  filtersFail = false;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://shop.test');
      if (url.pathname === '/api/v1/product/filters') {
        return filtersFail
          ? Response.json({ success: false, message: 'Filters are resting' }, { status: 503 })
          : Response.json({ success: true, result: FILTERS });
      }
      if (url.pathname === '/api/v1/product/facets') {
        return NO_COUNTS.clone();
      }
      const page = Number(url.searchParams.get('page') ?? 1);
      return Response.json({
        success: true,
        result: {
          results,
          total: results.length,
          page,
          pages: results.length > 0 ? 1 : 0,
          limit: 24,
        },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderProducts(path = '/products') {
  return renderRoutes([{ path: '/products', Component: ProductsRoute }], { path });
}

describe('ProductsRoute', () => {
  it('shows 8 skeleton cards, then the products sorted by rating, best first', async () => {
    renderProducts();

    const loading = screen.getByRole('status', { name: 'Loading products' });
    expect(loading.querySelectorAll('li')).toHaveLength(8);

    expect(await screen.findByRole('heading', { name: 'Sunset Tee' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading products' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2 products')).toBeInTheDocument();
    expect(lastProductRequest()).toEqual({ sortBy: 'ratingDesc', page: '1' });
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('ratingDesc');
    expect(
      within(screen.getByRole('combobox', { name: 'Sort by' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Price - Asc', 'Price - Desc', 'Rating - Asc', 'Rating - Desc']);
  });

  it('restores search, filters, sort and page from the URL', async () => {
    renderProducts('/products?search=tee&gender=Men&size=M&minPrice=500&sortBy=priceDesc&page=2');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results for “tee”' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(lastProductRequest()).toEqual({
        search: 'tee',
        gender: 'Men',
        size: 'M',
        minPrice: '500',
        sortBy: 'priceDesc',
        page: '2',
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('priceDesc');
    const filters = await screen.findByRole('form', { name: 'Product filters' });
    expect(within(filters).getByRole('checkbox', { name: 'Men' })).toBeChecked();
    expect(within(filters).getByRole('spinbutton', { name: 'Min (₹)' })).toHaveValue(500);
  });

  it('applies filters to the URL and the query, leaving out prices at the stats', async () => {
    const { user, router } = renderProducts('/products?sortBy=priceAsc');

    const filters = await screen.findByRole('form', { name: 'Product filters' });
    await user.click(within(filters).getByRole('checkbox', { name: 'Women' }));
    await user.click(within(filters).getByRole('checkbox', { name: 'L' }));
    const max = within(filters).getByRole('spinbutton', { name: 'Max (₹)' });
    await user.clear(max);
    await user.type(max, '1200');
    await user.click(within(filters).getByRole('button', { name: 'Apply Filters' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?gender=Women&size=L&maxPrice=1200&sortBy=priceAsc',
      ),
    );
    await waitFor(() =>
      expect(lastProductRequest()).toEqual({
        gender: 'Women',
        size: 'L',
        maxPrice: '1200',
        sortBy: 'priceAsc',
        page: '1',
      }),
    );
  });

  it('re-queries with the applied filters when the sort changes, from the first page', async () => {
    const { user, router } = renderProducts('/products?category=Hoodies&page=3');
    await screen.findByRole('heading', { name: 'Sunset Tee' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price - Asc');

    await waitFor(() =>
      expect(router.state.location.search).toBe('?category=Hoodies&sortBy=priceAsc'),
    );
    await waitFor(() =>
      expect(lastProductRequest()).toEqual({ category: 'Hoodies', sortBy: 'priceAsc', page: '1' }),
    );
  });

  it('says so, with hints, when nothing matches', async () => {
    results = [];
    renderProducts('/products?search=zzzzqqq');

    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Try adjusting your filters, check your search terms for typos, or browse all categories.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all categories' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('says a page past the end has no products, never an inverted range, and links back', async () => {
    mockApi({
      'GET /product/filters': apiOk(FILTERS),
      'GET /product/facets': NO_COUNTS,
      'GET /product': apiOk({ results: [], total: 49, page: 99, pages: 3, limit: 24 }),
    });
    renderProducts('/products?sortBy=priceAsc&page=99');

    expect(await screen.findByText('There is no page 99')).toBeInTheDocument();
    expect(screen.getByText('No products on page 99: there are 49 products.')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute(
      'href',
      '/products?sortBy=priceAsc&page=3',
    );
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute(
      'href',
      '/products?sortBy=priceAsc',
    );
  });

  it('says "over" a listing that stopped counting, and pages on past its last known page', async () => {
    mockApi({
      'GET /product/filters': apiOk(FILTERS),
      'GET /product/facets': NO_COUNTS,
      'GET /product': apiOk({
        results,
        total: 1000,
        page: 42,
        pages: 43,
        limit: 24,
        moreThanTotal: true,
      }),
    });
    renderProducts('/products?page=42');

    expect(await screen.findByText('Showing 985–986 of over 1,000 products')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/products?page=43',
    );
    expect(within(pages).getByRole('link', { name: 'Page 43' })).toBeInTheDocument();
    // The last number is the last page known, not the last page: a gap follows it.
    expect([...pages.querySelectorAll('li')].at(-2)).toHaveTextContent('…');
  });

  it('still filters between 0 and 6000 when the filter options fail to load', async () => {
    filtersFail = true;
    renderProducts();

    expect(await screen.findByText('Some filter options could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Min (₹)' })).toHaveValue(0);
    expect(screen.getByRole('spinbutton', { name: 'Max (₹)' })).toHaveValue(6000);
  });
});
