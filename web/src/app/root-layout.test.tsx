import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useGuestCartStore } from '#web/features/cart/stores/guest-cart-store.ts';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { makeCartItem } from '#web/testing/data.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { RootLayout } from './root-layout.tsx';

afterEach(() => {
  useGuestCartStore.getState().clear();
});

describe('RootLayout', () => {
  it("shows a visitor's line count on the cart badge, and persists their cart under cart-storage", () => {
    renderRoutes([{ path: '/', Component: RootLayout }]);
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByRole('link', { name: 'Cart' })).toBeInTheDocument();

    act(() =>
      useGuestCartStore.setState({
        list: [makeCartItem(), makeCartItem()],
        totalPrice: 998,
        totalProduct: 2,
      }),
    );

    expect(banner.getByRole('link', { name: 'Cart, 2 items' })).toHaveTextContent('2');
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '{}');
    expect(Object.keys(stored.state)).toEqual(['list', 'totalPrice', 'totalProduct']);
    expect(stored.state.totalProduct).toBe(2);
  });
});
