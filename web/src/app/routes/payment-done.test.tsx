import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder, makeOrderItem } from '#web/testing/data.ts';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { PaymentDoneRoute } from './payment-done.tsx';

/** Longer than the 5 seconds after which the page used to leave by itself. */
const A_WHILE_MS = 60_000;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPaymentDone(id: string) {
  return renderRoutes(
    [
      { path: '/payment-done/:id', Component: PaymentDoneRoute },
      { path: '/', element: <p>Home page</p> },
    ],
    { path: `/payment-done/${id}` },
  );
}

describe('PaymentDoneRoute', () => {
  it('shows the placed order by its short number, with a summary and links, and stays until the shopper leaves (WCAG 2.2.1)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const order = makeOrder({
      _id: 'c0ffee00-1111-4222-8333-9876abcd1234',
      items: [makeOrderItem({ name: 'Chai & Code Tee', price: 599, quantity: 2 })],
      subtotal: 1198,
      giftWrap: 20,
      totalPrice: 1218,
      paymentMethod: 'debit-card',
      card: { brand: 'Visa', last4: '4242' },
    });
    mockApi({ [`GET /order/${order._id}`]: apiOk(order) });
    const { router } = renderPaymentDone(order._id);

    expect(
      await screen.findByRole('heading', { name: 'Order placed successfully!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Order #abcd1234')).toBeInTheDocument();
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('Chai & Code Tee')).toBeInTheDocument();
    expect(summary.getByText('Total').nextElementSibling).toHaveTextContent('₹1,218.00');
    expect(summary.getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(summary.getByText('12 MG Road, Shanthala Nagar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      `/order/${order._id}`,
    );
    expect(screen.getByRole('link', { name: 'Track order' })).toHaveAttribute(
      'href',
      `/order/${order._id}/track`,
    );

    expect(screen.queryByText(/Taking you to the home page/)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(A_WHILE_MS));
    expect(router.state.location.pathname).toBe(`/payment-done/${order._id}`);
    expect(screen.getByRole('heading', { name: 'Order placed successfully!' })).toBeInTheDocument();
  });

  it("says not found for an unknown (or another shopper's) order, and stays", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'GET /order/not-a-real-order': apiFail(404, 'Order not found') });
    const { router } = renderPaymentDone('not-a-real-order');

    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByText('Order placed successfully!')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(A_WHILE_MS));
    expect(router.state.location.pathname).toBe('/payment-done/not-a-real-order');
  });
});
