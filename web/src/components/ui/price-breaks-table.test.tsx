import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceBreaksTable } from './price-breaks-table.tsx';

describe('PriceBreaksTable (issue 29)', () => {
  it("lists each break's pieces and a piece's price then", () => {
    render(
      <PriceBreaksTable
        unitPrice={799}
        priceBreaks={[
          { minQuantity: 10, percentOff: 10 },
          { minQuantity: 25, percentOff: 15 },
        ]}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '10+₹719.10 (10% off)',
      '25+₹679.15 (15% off)',
    ]);
  });

  it('shows nothing for a product without breaks', () => {
    const { container } = render(<PriceBreaksTable unitPrice={799} priceBreaks={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
