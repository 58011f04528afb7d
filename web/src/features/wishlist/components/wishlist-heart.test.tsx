import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { makeProduct } from '#web/testing/data.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { useGuestWishlistStore } from '../stores/guest-wishlist-store.ts';
import { WishlistHeart } from './wishlist-heart.tsx';

const heart = () => screen.getByRole('button', { name: 'Save to wishlist: Moss Tee' });

beforeEach(() => {
  localStorage.clear();
  useGuestWishlistStore.getState().clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('WishlistHeart (D33)', () => {
  it("keeps a visitor's saved product in the browser: pressed, then let go", async () => {
    const { user } = renderWithRouter(<WishlistHeart productId="tee-1" title="Moss Tee" />);
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
    const { user } = renderWithRouter(<WishlistHeart productId="tee-1" title="Moss Tee" />);
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
});
