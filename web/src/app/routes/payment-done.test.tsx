import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '#web/features/cart/stores/cart-store.ts';
import { useCheckoutOptionsStore } from '#web/features/cart/stores/checkout-options-store.ts';
import { makeCartItem } from '#web/testing/data.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { PAYMENT_DONE_REDIRECT_MS, PaymentDoneRoute } from './payment-done.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('PaymentDoneRoute', () => {
  it('thanks the shopper, resets the cart and goes home after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    useCartStore.setState({ list: [makeCartItem()], totalPrice: 499, totalProduct: 1 });
    useCheckoutOptionsStore.getState().setGiftWrap(true);
    const { router } = renderRoutes(
      [
        { path: '/payment-done/:id', Component: PaymentDoneRoute },
        { path: '/', element: <p>Home page</p> },
      ],
      { path: '/payment-done/order-123' },
    );

    expect(screen.getByRole('heading', { name: 'Order placed successfully!' })).toBeInTheDocument();
    expect(screen.getByText('order-123')).toBeInTheDocument();
    expect(screen.getByText('Thank you for your purchase.')).toBeInTheDocument();
    expect(screen.getByText('You will receive a confirmation email soon.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(useCartStore.getState()).toMatchObject({ list: [], totalPrice: 0, totalProduct: 0 });
    expect(useCheckoutOptionsStore.getState()).toMatchObject({
      giftWrap: false,
      couponCode: 'MAX500',
    });

    act(() => vi.advanceTimersByTime(PAYMENT_DONE_REDIRECT_MS - 100));
    expect(router.state.location.pathname).toBe('/payment-done/order-123');
    act(() => vi.advanceTimersByTime(100));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});
