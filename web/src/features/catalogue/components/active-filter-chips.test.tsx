import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '#web/testing/render.tsx';
import { NO_FILTERS, type ProductFilterValues } from '../utils/products-view.ts';
import { ActiveFilterChips } from './active-filter-chips.tsx';

const APPLIED: ProductFilterValues = {
  gender: ['Men', 'Women'],
  category: ['Hoodies'],
  size: ['M'],
  color: ['Navy'],
  minPrice: 500,
  maxPrice: 1500,
  rating: 4,
};

function renderChips(filters: ProductFilterValues) {
  const onChange = vi.fn<(filters: ProductFilterValues) => void>();
  const view = renderWithRouter(<ActiveFilterChips filters={filters} onChange={onChange} />);
  return { onChange, ...view };
}

describe('ActiveFilterChips', () => {
  it('shows one removable chip per applied filter, and Clear all', () => {
    renderChips(APPLIED);
    expect(
      screen.getAllByRole('button', { name: /^Remove filter: / }).map((chip) => chip.textContent),
    ).toEqual(['Men×', 'Women×', 'Hoodies×', 'M×', 'Navy×', '₹500.00 – ₹1,500.00×', '4★ & up×']);
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeInTheDocument();
  });

  it('removes only the chip pressed', async () => {
    const { user, onChange } = renderChips(APPLIED);
    await user.click(screen.getByRole('button', { name: 'Remove filter: Women' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...APPLIED, gender: ['Men'] });

    await user.click(screen.getByRole('button', { name: 'Remove filter: ₹500.00 – ₹1,500.00' }));
    const { minPrice: _min, maxPrice: _max, ...withoutPrice } = APPLIED;
    expect(onChange).toHaveBeenLastCalledWith(withoutPrice);
  });

  it('clears everything at once', async () => {
    const { user, onChange } = renderChips(APPLIED);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onChange).toHaveBeenLastCalledWith(NO_FILTERS);
  });

  it('shows nothing when no filter is applied', () => {
    renderChips(NO_FILTERS);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
