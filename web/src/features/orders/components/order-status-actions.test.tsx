import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, OrderStatus } from '#contract';
import { makeOrder } from '#web/testing/data.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { adminOrderQueryOptions } from '../api/admin-orders.ts';
import { OrderStatusActions } from './order-status-actions.tsx';

function makeAdminOrder(status: OrderStatus): AdminOrder {
  const order = makeOrder({ status });
  return {
    ...order,
    customer: { _id: order._id, name: 'Asha Rao', email: 'asha@example.com' },
    events: order.events.map((event) => ({ ...event, actor: null })),
    prints: [],
    memberRefunds: [],
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OrderStatusActions', () => {
  it('ships a pending order and caches what the server answered', async () => {
    const order = makeAdminOrder('pending');
    const shipped = { ...order, status: 'shipped' as const };
    const { requests } = mockApi({ [`POST /admin/orders/${order._id}/status`]: apiOk(shipped) });
    const { user, queryClient } = renderWithRouter(<OrderStatusActions order={order} />);

    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ship' }));

    expect(await screen.findByText('Order shipped')).toBeInTheDocument();
    expect(queryClient.getQueryData(adminOrderQueryOptions(order._id).queryKey)).toEqual(shipped);
    expect(requests[0]?.body).toEqual({ status: 'shipped' });
  });

  it('asks before cancelling, and keeping the order sends nothing', async () => {
    const order = makeAdminOrder('shipped');
    const { requests } = mockApi({});
    const { user } = renderWithRouter(<OrderStatusActions order={order} />);

    expect(screen.getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel this order?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep order' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('offers nothing for a delivered order', () => {
    renderWithRouter(<OrderStatusActions order={makeAdminOrder('delivered')} />);
    expect(screen.getByText('This order is final: nothing more to do.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
