import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wishlistKeys } from '#web/lib/query-keys.ts';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { makeProduct } from '#web/testing/data.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { useGuestWishlistStore } from '../stores/guest-wishlist-store.ts';
import { SavedProductsProvider, WishlistHeart, wishlistHeartFor } from './wishlist-heart.tsx';

const heart = () => screen.getByRole('button', { name: 'Save to wishlist: Moss Tee' });

beforeEach(() => {
  localStorage.clear();
  useGuestWishlistStore.getState().clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('WishlistHeart (D33)', () => {
  it("keeps a visitor's saved product in the browser: pressed, then let go", async () => {
    const { user } = renderWithRouter(
      <SavedProductsProvider>
        <WishlistHeart productId="tee-1" title="Moss Tee" />
      </SavedProductsProvider>,
    );
    expect(heart()).toHaveAttribute('aria-pressed', 'false');

    await user.click(heart());
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.wishlist) ?? '{}').state).toEqual({
      productIds: ['tee-1'],
    });

    await user.click(heart());
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    expect(useGuestWishlistStore.getState().productIds).toEqual([]);
  });

  it("saves a signed-in shopper's product on the server and shows what it answered", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-1');
    const product = makeProduct({ _id: 'tee-1', title: 'Moss Tee' });
    const saved = [{ product, addedAt: '2026-11-24T05:00:00.000Z' }];
    const api = mockApi({
      'GET /wishlist': apiOk([]),
      'POST /wishlist': apiOk(saved, 201),
      'DELETE /wishlist/tee-1': apiOk([]),
    });
    const { user } = renderWithRouter(
      <SavedProductsProvider>
        <WishlistHeart productId="tee-1" title="Moss Tee" />
      </SavedProductsProvider>,
    );
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(heart()).toHaveAttribute('aria-pressed', 'false');

    await user.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
    expect(api.requests[1]).toMatchObject({ method: 'POST', body: { productId: 'tee-1' } });
    expect(useGuestWishlistStore.getState().productIds).toEqual([]);

    await user.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    expect(api.requests[2]).toMatchObject({ method: 'DELETE', path: '/wishlist/tee-1' });
  });

  it("gives a grid's hearts one subscription to the wishlist, not one each (issue 30: hydration of a listing)", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-1');
    const saved = [{ product: makeProduct({ _id: 'tee-2' }), addedAt: '2026-11-24T05:00:00.000Z' }];
    mockApi({ 'GET /wishlist': apiOk(saved) });
    const products = ['tee-1', 'tee-2', 'tee-3'].map((_id) => ({ _id, title: `Tee ${_id}` }));
    const { queryClient } = renderWithRouter(
      <SavedProductsProvider>
        {products.map((product) => (
          <p key={product._id}>{wishlistHeartFor(product)}</p>
        ))}
      </SavedProductsProvider>,
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save to wishlist: Tee tee-2' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    const wishlistQuery = queryClient
      .getQueryCache()
      .find({ queryKey: wishlistKeys.list('token-1') });
    expect(wishlistQuery?.getObserversCount()).toBe(1);
  });
});
