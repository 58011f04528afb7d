import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { makeProduct } from '#web/testing/data.ts';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { RECENTLY_VIEWED_MAX, useRecentlyViewedStore } from '../stores/recently-viewed-store.ts';
import { RecentlyViewed } from './recently-viewed.tsx';

const viewed = (...ids: string[]) => {
  for (const id of ids) useRecentlyViewedStore.getState().viewed(id);
};
const remembered = () => useRecentlyViewedStore.getState().productIds;

beforeEach(() => {
  useRecentlyViewedStore.setState({ productIds: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the recently viewed store (this browser only)', () => {
  it('keeps the newest first, each product once, and at most a dozen', () => {
    viewed('a', 'b', 'a');
    expect(remembered()).toEqual(['a', 'b']);

    viewed(...Array.from({ length: RECENTLY_VIEWED_MAX + 3 }, (_, index) => `p${index}`));
    expect(remembered()).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(remembered()[0]).toBe(`p${RECENTLY_VIEWED_MAX + 2}`);
    expect(remembered()).not.toContain('a');
  });

  it('is kept in localStorage, and a damaged entry is ignored', async () => {
    viewed('a', 'b');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.recentlyViewed) ?? '{}')).toMatchObject({
      state: { productIds: ['b', 'a'] },
    });

    localStorage.setItem(
      STORAGE_KEYS.recentlyViewed,
      JSON.stringify({ state: { productIds: ['c', 7, null, 'd'] }, version: 0 }),
    );
    await useRecentlyViewedStore.persist.rehydrate();
    expect(remembered()).toEqual(['c', 'd']);

    localStorage.setItem(STORAGE_KEYS.recentlyViewed, JSON.stringify({ state: 'nonsense' }));
    await useRecentlyViewedStore.persist.rehydrate();
    expect(remembered()).toEqual(['c', 'd']);
  });
});

describe('RecentlyViewed', () => {
  const products = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'].map((id) =>
    makeProduct({ _id: id, title: `Viewed ${id}` }),
  );
  const replies = Object.fromEntries(
    products.map((product) => [`GET /product/${product._id}`, apiOk(product)]),
  );

  it('shows the last four opened here, newest first, leaving out the product on screen', async () => {
    viewed('r1', 'r2', 'r3', 'r4', 'r5', 'r6');
    const { requests } = mockApi(replies);
    renderWithRouter(<RecentlyViewed excludeId="r6" />);

    const row = within(await screen.findByRole('region', { name: 'Recently viewed' }));
    await waitFor(() =>
      expect(row.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
        'Viewed r5',
        'Viewed r4',
        'Viewed r3',
        'Viewed r2',
      ]),
    );
    expect(row.getByRole('link', { name: 'Viewed r5' })).toHaveAttribute('href', '/product/r5');
    expect(requests.map((request) => request.path).sort()).toEqual([
      '/product/r2',
      '/product/r3',
      '/product/r4',
      '/product/r5',
    ]);
  });

  it('forgets a product that is no longer on sale', async () => {
    viewed('r1', 'gone');
    mockApi({ ...replies, 'GET /product/gone': apiFail(404, 'Product not found') });
    renderWithRouter(<RecentlyViewed />);

    const row = within(await screen.findByRole('region', { name: 'Recently viewed' }));
    expect(row.getByRole('link', { name: 'Viewed r1' })).toBeInTheDocument();
    await waitFor(() => expect(remembered()).toEqual(['r1']));
    expect(row.getAllByRole('article')).toHaveLength(1);
  });

  it('shows nothing, and asks for nothing, before anything was viewed', () => {
    const { requests } = mockApi({});
    viewed('r1');
    renderWithRouter(<RecentlyViewed excludeId="r1" />);

    expect(screen.queryByRole('region', { name: 'Recently viewed' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
