import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { letteringText } from '#contract';
import { OrderRoster } from './order-roster.tsx';

describe('OrderRoster', () => {
  it('lists each personalised piece by size, then name, and nothing for plain lines (issue 29)', () => {
    render(
      <OrderRoster
        items={[
          { _id: '1', size: 'L', personalisation: { name: 'RAVI', number: 10 } },
          { _id: '2', size: 'S', personalisation: { name: 'MEERA', number: null } },
          { _id: '3', size: 'M', personalisation: null },
          { _id: '4', size: 'L', personalisation: { name: 'ASHA', number: 7 } },
          { _id: '5', size: 'XS', personalisation: { name: '', number: 0 } },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Names and numbers (4 pieces)' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['XS0', 'SMEERA', 'LASHA7', 'LRAVI10']);
    expect(letteringText({ name: 'ASHA', number: 7 })).toBe('ASHA · 7');
    expect(letteringText({ name: '', number: 0 })).toBe('0');
  });

  it('shows nothing for an order without personalised pieces', () => {
    const { container } = render(<OrderRoster items={[{ _id: '1', size: 'M' }]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
