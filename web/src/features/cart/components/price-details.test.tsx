import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Quote } from '#contract';
import { PriceDetails } from './price-details.tsx';

const quote: Quote = {
  lines: [
    { _id: 'line-1', title: 'Chai & Code Tee', quantity: 2, lineTotal: 1198 },
    { _id: 'line-2', title: 'Mountain Hoodie', quantity: 1, lineTotal: 1799 },
  ],
  itemCount: 3,
  subtotal: 2997,
  coupon: { code: 'MAX500', description: '2.5% off, up to ₹500' },
  couponError: null,
  discount: 74.93,
  giftWrap: 20,
  delivery: 0,
  codFee: 0,
  total: 2942.07,
  cashOnDelivery: { available: true, fee: 0, unavailableReason: null },
  estimatedDelivery: '2026-11-24',
};

describe('PriceDetails', () => {
  it("shows the server's quote: lines, coupon discount, free delivery, gift wrap and total", () => {
    render(<PriceDetails quote={quote} />);
    const details = screen.getByRole('region', { name: 'Price Details' });

    expect(details).toHaveTextContent('2 × Chai & Code Tee₹1,198.00');
    expect(details).toHaveTextContent('1 × Mountain Hoodie₹1,799.00');
    expect(details).toHaveTextContent('Coupon discount (MAX500)−₹74.93');
    expect(screen.getByText('Free Delivery')).toBeInTheDocument();
    expect(details).toHaveTextContent('Gift wrap₹20.00');
    expect(details).toHaveTextContent('Total₹2,942.07');
  });

  it('leaves gift wrap out when there is none, and shows a zero discount without a coupon', () => {
    render(
      <PriceDetails quote={{ ...quote, coupon: null, discount: 0, giftWrap: 0, total: 2997 }} />,
    );
    const details = screen.getByRole('region', { name: 'Price Details' });

    expect(details).not.toHaveTextContent('Gift wrap');
    expect(details).toHaveTextContent('Coupon discount−₹0.00');
    expect(details).toHaveTextContent('Total₹2,997.00');
  });
});
