import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrderSummary } from '#contract';
import { renderWithRouter } from '#web/testing/render.tsx';
import { AdminOrdersTable } from './admin-orders-table.tsx';

describe('AdminOrdersTable', () => {
  it('names each order by the number the shopper sees (#abcd1234), linking to the order', () => {
    const order: AdminOrderSummary = {
      _id: 'c0ffee00-1111-4222-8333-9876abcd1234',
      status: 'pending',
      totalPrice: 599,
      paymentMethod: 'cash',
      itemCount: 1,
      createdAt: '2026-11-24T10:00:00.000Z',
      deliveredAt: null,
      customer: { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com' },
    };
    renderWithRouter(<AdminOrdersTable orders={[order]} />);

    expect(screen.getByRole('link', { name: '#abcd1234' })).toHaveAttribute(
      'href',
      `/admin/orders/${order._id}`,
    );
  });
});
