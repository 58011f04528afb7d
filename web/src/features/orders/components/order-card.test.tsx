import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOrder, makeOrderItem } from '#web/testing/data.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { OrderCard } from './order-card.tsx';

describe('OrderCard', () => {
  it('shows the last 8 characters of the id, the date, item count, total and status', () => {
    const order = makeOrder({
      _id: 'c0ffee00-1111-4222-8333-9876abcd1234',
      items: [makeOrderItem({ quantity: 2, price: 599 }), makeOrderItem({ price: 1099 })],
      totalPrice: 2259.57,
      status: 'shipped',
      createdAt: '2026-11-24T10:00:00.000Z',
    });
    renderWithRouter(<OrderCard order={order} />);

    const card = within(screen.getByRole('article', { name: 'Order #abcd1234' }));
    expect(card.getByText('24 Nov 2026')).toBeInTheDocument();
    expect(card.getByText('3 items')).toBeInTheDocument();
    expect(card.getByText('₹2,259.57')).toBeInTheDocument();
    expect(card.getByText('Shipped')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'View Details of order abcd1234' })).toHaveAttribute(
      'href',
      `/order/${order._id}`,
    );
    expect(card.getByRole('link', { name: 'Track Order abcd1234' })).toHaveAttribute(
      'href',
      `/order/${order._id}/track`,
    );
  });

  it('shows up to 3 item pictures, then +N more', () => {
    const items = Array.from({ length: 5 }, (_, index) => makeOrderItem({ name: `Tee ${index}` }));
    renderWithRouter(<OrderCard order={makeOrder({ items })} />);

    const pictures = within(screen.getByRole('list', { name: 'Items' }));
    expect(pictures.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual([
      'Tee 0',
      'Tee 1',
      'Tee 2',
    ]);
    expect(pictures.getByText('+2 more')).toBeInTheDocument();
  });

  it('has no +N more with 3 items or fewer', () => {
    const items = [makeOrderItem(), makeOrderItem(), makeOrderItem()];
    renderWithRouter(<OrderCard order={makeOrder({ items })} />);

    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });
});
