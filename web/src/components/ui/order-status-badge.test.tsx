import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '#contract';
import { OrderStatusBadge } from './order-status-badge.tsx';

describe('OrderStatusBadge', () => {
  it.each([
    ['pending', 'Pending', 'bg-amber-100'],
    ['shipped', 'Shipped', 'bg-sky-100'],
    ['delivered', 'Delivered', 'bg-emerald-100'],
    ['cancelled', 'Cancelled', 'bg-red-100'],
  ] as const)('shows %s capitalised as %s in its own colour (D13)', (status, label, colour) => {
    render(<OrderStatusBadge status={status} />);
    const badge = screen.getByText(label);
    expect(badge).toHaveClass(colour);
  });

  it('gives every status a different colour', () => {
    const { container } = render(
      ORDER_STATUSES.map((status) => <OrderStatusBadge key={status} status={status} />),
    );
    const colours = Array.from(container.querySelectorAll('[data-status]')).map(
      (badge) => Array.from(badge.classList).find((name) => name.startsWith('bg-')) ?? '',
    );
    expect(new Set(colours).size).toBe(ORDER_STATUSES.length);
  });
});
