import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#web/testing/render.tsx';
import { PAYMENT_DONE_REDIRECT_MS, PaymentDoneRoute } from './payment-done.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('PaymentDoneRoute', () => {
  it('thanks the shopper and goes home after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
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

    act(() => vi.advanceTimersByTime(PAYMENT_DONE_REDIRECT_MS - 100));
    expect(router.state.location.pathname).toBe('/payment-done/order-123');
    act(() => vi.advanceTimersByTime(100));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});
