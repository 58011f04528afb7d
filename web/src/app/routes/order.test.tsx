import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#contract';
import { ordersQueryOptions } from '#web/features/orders/api/list-orders.ts';
import { makeOrder, makeOrderItem } from '#web/testing/data.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { OrderRoute } from './order.tsx';

function serve(order: Order, cancel?: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      if (init?.method === 'POST' && cancel) return cancel();
      if (String(input) === `/api/v1/order/${order._id}`) {
        return Response.json({ success: true, result: order });
      }
      return Response.json({ success: false, message: 'Order not found' }, { status: 404 });
    }),
  );
}

function renderOrder(id: string) {
  return renderRoutes([{ path: '/order/:id', Component: OrderRoute }], { path: `/order/${id}` });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OrderRoute', () => {
  it("shows the order with the server's numbers", async () => {
    const order = makeOrder({
      _id: 'c0ffee00-1111-4222-8333-9876abcd1234',
      items: [
        makeOrderItem({ name: 'Chai & Code Tee', size: 'M', price: 599, quantity: 2 }),
        makeOrderItem({ name: 'Lavender Sweatshirt', size: 'S', price: 1099, quantity: 1 }),
      ],
      subtotal: 2297,
      discount: 57.43,
      couponCode: 'MAX500',
      giftWrap: 20,
      giftMessage: 'Happy birthday',
      totalPrice: 2259.57,
      paymentMethod: 'debit-card',
      card: { brand: 'Visa', last4: '4242' },
      status: 'delivered',
      deliveredAt: '2026-11-24T08:00:00.000Z',
    });
    serve(order);
    renderOrder(order._id);

    expect(await screen.findByRole('heading', { name: 'Order # abcd1234' })).toBeInTheDocument();
    expect(screen.getByText('Delivered')).toHaveAttribute('data-status', 'delivered');
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('3 items')).toBeInTheDocument();
    expect(summary.getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(summary.getByText('12 MG Road, Shanthala Nagar')).toBeInTheDocument();
    expect(summary.getByText('Delivered on').nextElementSibling).toHaveTextContent('24 Nov 2026');
    expect(summary.getByText('Ordered on').nextElementSibling).toHaveTextContent('21 Nov 2026');

    const items = within(screen.getByRole('list', { name: 'Items in this order' }));
    expect(items.getByText('2 x ₹599.00')).toBeInTheDocument();
    expect(items.getByText('₹1,198.00')).toBeInTheDocument();
    expect(screen.getByText('Discount (MAX500)').nextElementSibling).toHaveTextContent('−₹57.43');
    expect(screen.getByText('Gift message: “Happy birthday”')).toBeInTheDocument();
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('₹2,259.57');
    // Only a pending order can be cancelled (D19).
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('shows the cash on delivery fee the order was charged', async () => {
    const order = makeOrder({
      items: [makeOrderItem({ price: 999, quantity: 1 })],
      subtotal: 999,
      codFee: 49,
      totalPrice: 1048,
      paymentMethod: 'cash',
    });
    serve(order);
    renderOrder(order._id);

    expect(await screen.findByText('Cash on delivery fee')).toBeInTheDocument();
    expect(screen.getByText('Cash on delivery fee').nextElementSibling).toHaveTextContent('₹49.00');
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('₹1,048.00');
  });

  it('cancels a pending order after asking, and shows it cancelled', async () => {
    const order = makeOrder();
    serve(order, () => Response.json({ success: true, result: { ...order, status: 'cancelled' } }));
    const { user, queryClient } = renderOrder(order._id);
    const listKey = ordersQueryOptions().queryKey;
    queryClient.setQueryData(listKey, [order]);

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel this order?' }));
    expect(dialog.getByRole('button', { name: 'Keep order' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Yes, cancel order' }));

    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(screen.getByText('Estimated delivery').nextElementSibling).toHaveTextContent('N/A');
    // The orders list still says pending: it is marked stale, to be fetched again when shown.
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it("shows the server's message when the cancel is refused", async () => {
    const order = makeOrder();
    serve(order, () =>
      Response.json(
        { success: false, message: 'Only pending orders can be cancelled' },
        { status: 409 },
      ),
    );
    const { user } = renderOrder(order._id);

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByText('Only pending orders can be cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says so kindly when the order is unknown (or someone else's)", async () => {
    serve(makeOrder());
    renderOrder('not-mine');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your Orders' })).toHaveAttribute('href', '/orders');
  });
});
