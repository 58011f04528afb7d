import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '#web/testing/data.ts';
import { OrderFacts } from './order-details.tsx';

/** Issue 13, section 4: the order says what happened to the money. */
describe('OrderFacts refunds', () => {
  const refund = {
    amount: 998,
    status: 'refunded' as const,
    reference: null,
    method: 'debit-card' as const,
    card: { brand: 'Visa', last4: '4242' },
    createdAt: '2026-11-24T18:20:00.000Z',
    // 00:10 on 25 Nov in India: the date is India's (D11).
    refundedAt: '2026-11-24T18:40:00.000Z',
  };

  it('shows a card refund with its amount, card and date', () => {
    render(
      <OrderFacts
        order={makeOrder({
          status: 'cancelled',
          paymentMethod: 'debit-card',
          card: { brand: 'Visa', last4: '4242' },
          refunds: [refund, { ...refund, amount: 1234.5, status: 'pending', refundedAt: null }],
        })}
      />,
    );
    const lines = within(screen.getByText('Refund').nextElementSibling as HTMLElement);
    expect(lines.getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Refunded ₹998.00 to Visa •••• 4242 on 25 Nov 2026',
      'Refund of ₹1,234.50 to Visa •••• 4242 is on its way',
    ]);
  });

  it('says nothing was charged for a cancelled cash order', () => {
    render(<OrderFacts order={makeOrder({ status: 'cancelled', paymentMethod: 'cash' })} />);
    expect(
      screen.getByText('Nothing was charged: this order was to be paid on delivery'),
    ).toBeInTheDocument();
  });

  it('has no refund line for an order that has none', () => {
    render(<OrderFacts order={makeOrder({ status: 'pending', paymentMethod: 'cash' })} />);
    expect(screen.queryByText('Refund')).not.toBeInTheDocument();
  });
});

describe('OrderFacts business purchase', () => {
  it('shows the buyer’s business name and GSTIN when the order is a business purchase', () => {
    render(
      <OrderFacts
        order={makeOrder({ business: { gstin: '27AAPFU0939F1ZV', name: 'Rao Textiles LLP' } })}
      />,
    );
    const fact = screen.getByText('Business purchase').nextElementSibling as HTMLElement;
    expect(fact).toHaveTextContent('Rao Textiles LLP');
    expect(fact).toHaveTextContent('GSTIN 27AAPFU0939F1ZV');
  });

  it('has no business line for an order without one', () => {
    render(<OrderFacts order={makeOrder({ status: 'pending' })} />);
    expect(screen.queryByText('Business purchase')).not.toBeInTheDocument();
  });
});
