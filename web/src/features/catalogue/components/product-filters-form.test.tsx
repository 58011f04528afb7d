import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ProductFacets } from '#contract';
import { renderWithRouter } from '#web/testing/render.tsx';
import {
  DEFAULT_PRICE_RANGE,
  NO_FILTERS,
  type PriceRange,
  type ProductFilterValues,
} from '../utils/products-view.ts';
import { type FilterGroup, ProductFiltersForm } from './product-filters-form.tsx';

const OPTIONS = {
  genders: ['Men', 'Women'],
  categories: ['Hoodies', 'T-Shirts'],
  sizes: ['S', 'M', 'L'] as ('S' | 'M' | 'L')[],
  colors: [
    { name: 'Black', hex: '#1c1c1e' },
    { name: 'Navy', hex: '#1e3a5f' },
  ],
};
const STATS: PriceRange = { minPrice: 299, maxPrice: 2499 };

/** The form as the screen uses it: the screen keeps which groups are open. */
function Harness({
  applied = NO_FILTERS,
  priceRange = STATS,
  onApply,
  counts,
}: {
  applied?: ProductFilterValues;
  priceRange?: PriceRange;
  onApply: (filters: ProductFilterValues) => void;
  counts?: ProductFacets['groups'];
}) {
  const [open, setOpen] = useState<Record<FilterGroup, boolean>>({
    gender: true,
    category: true,
    size: true,
    color: true,
  });
  return (
    <ProductFiltersForm
      options={OPTIONS}
      priceRange={priceRange}
      applied={applied}
      onApply={onApply}
      counts={counts}
      openGroups={open}
      onToggleGroup={(group) => setOpen((current) => ({ ...current, [group]: !current[group] }))}
    />
  );
}

function renderForm(props: Partial<Parameters<typeof Harness>[0]> = {}) {
  const onApply = vi.fn<(filters: ProductFilterValues) => void>();
  const view = renderWithRouter(<Harness onApply={onApply} {...props} />);
  return { onApply, ...view };
}

const apply = () => screen.getByRole('button', { name: 'Apply Filters' });
const reset = () => screen.queryByRole('button', { name: 'Reset' });

describe('ProductFiltersForm', () => {
  it('starts at the defaults: price range from the stats, nothing ticked, no Reset', () => {
    renderForm();

    expect(screen.getByRole('spinbutton', { name: 'Min (₹)' })).toHaveValue(299);
    expect(screen.getByRole('spinbutton', { name: 'Max (₹)' })).toHaveValue(2499);
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Any rating' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '4 stars & up' })).not.toBeChecked();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      '',
      '4',
      '3',
      '2',
      '1',
    ]);
    expect(apply()).toBeInTheDocument();
    expect(reset()).not.toBeInTheDocument();
  });

  it('falls back to 0 and 6000 without price stats (SPEC §9)', () => {
    renderForm({ priceRange: DEFAULT_PRICE_RANGE });

    expect(screen.getByRole('spinbutton', { name: 'Min (₹)' })).toHaveValue(0);
    expect(screen.getByRole('spinbutton', { name: 'Max (₹)' })).toHaveValue(6000);
  });

  it('builds its groups from the server lists, and each group collapses', async () => {
    const { user } = renderForm();

    const gender = screen.getByRole('group', { name: 'Gender' });
    expect(
      within(gender)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['Men', 'Women']);
    expect(
      within(screen.getByRole('group', { name: 'Size' })).getAllByRole('checkbox'),
    ).toHaveLength(3);

    const toggle = screen.getByRole('button', { name: 'Category' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Hoodies' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('checkbox', { name: 'Hoodies' })).toBeVisible();
  });

  it('offers the colours on sale, each with its swatch, and applies the ones ticked', async () => {
    const { user, onApply } = renderForm();

    const colour = screen.getByRole('group', { name: 'Colour' });
    const boxes = within(colour).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('value'))).toEqual(['Black', 'Navy']);
    const swatch = screen
      .getByRole('checkbox', { name: 'Navy' })
      .parentElement?.querySelector('span[style]');
    expect(swatch).toHaveStyle({ backgroundColor: '#1e3a5f' });

    await user.click(screen.getByRole('checkbox', { name: 'Navy' }));
    await user.click(apply());
    expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ color: ['Navy'] }));
  });

  it('shows Reset only while a filter differs from its default', async () => {
    const { user } = renderForm();

    await user.click(screen.getByRole('checkbox', { name: 'Men' }));
    expect(reset()).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Men' }));
    expect(reset()).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '3 stars & up' }));
    expect(reset()).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Any rating' }));
    expect(reset()).not.toBeInTheDocument();

    const max = screen.getByRole('spinbutton', { name: 'Max (₹)' });
    await user.clear(max);
    await user.type(max, '1500');
    expect(reset()).toBeInTheDocument();
    await user.clear(max);
    await user.type(max, '2499');
    expect(reset()).not.toBeInTheDocument();
  });

  it('shows Reset when applied filters are not the defaults', () => {
    renderForm({ applied: { ...NO_FILTERS, size: ['M'] } });

    expect(screen.getByRole('checkbox', { name: 'M' })).toBeChecked();
    expect(reset()).toBeInTheDocument();
  });

  it('applies the ticked filters, leaving out a price that equals the stats (SPEC §5)', async () => {
    const { user, onApply } = renderForm();

    await user.click(screen.getByRole('checkbox', { name: 'Women' }));
    await user.click(screen.getByRole('checkbox', { name: 'T-Shirts' }));
    await user.click(screen.getByRole('checkbox', { name: 'M' }));
    await user.click(screen.getByRole('checkbox', { name: 'L' }));
    await user.click(screen.getByRole('radio', { name: '4 stars & up' }));
    const max = screen.getByRole('spinbutton', { name: 'Max (₹)' });
    await user.clear(max);
    await user.type(max, '999');
    await user.click(apply());

    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenLastCalledWith({
      gender: ['Women'],
      category: ['T-Shirts'],
      size: ['M', 'L'],
      color: [],
      minPrice: undefined,
      maxPrice: 999,
      rating: 4,
    });
  });

  it('applies nothing but defaults when nothing changed', async () => {
    const { user, onApply } = renderForm();

    await user.click(apply());

    expect(onApply).toHaveBeenLastCalledWith({
      gender: [],
      category: [],
      size: [],
      color: [],
      minPrice: undefined,
      maxPrice: undefined,
      rating: undefined,
    });
  });

  it('refuses a min price above the max price', async () => {
    const { user, onApply } = renderForm();

    const min = screen.getByRole('spinbutton', { name: 'Min (₹)' });
    await user.clear(min);
    await user.type(min, '3000');
    await user.click(apply());

    expect(await screen.findByText('Max price must not be below min price')).toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('refuses an amount that is not rupees and paise, and clears the error once it is fixed', async () => {
    const { user, onApply } = renderForm();

    const min = screen.getByRole('spinbutton', { name: 'Min (₹)' });
    await user.clear(min);
    await user.type(min, '12.345');
    await user.click(apply());

    expect(await screen.findByText('Enter an amount like 499')).toBeInTheDocument();
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveFocus();
    expect(onApply).not.toHaveBeenCalled();

    await user.type(min, '{Backspace}');
    expect(screen.queryByText('Enter an amount like 499')).not.toBeInTheDocument();
    await user.click(apply());
    expect(onApply).toHaveBeenLastCalledWith({ ...NO_FILTERS, minPrice: 12.34 });
  });

  it('Reset clears the form and applies no filters', async () => {
    const { user, onApply } = renderForm({
      applied: {
        gender: ['Men'],
        category: [],
        size: ['S'],
        color: [],
        minPrice: 500,
        rating: 2,
      },
    });
    expect(screen.getByRole('spinbutton', { name: 'Min (₹)' })).toHaveValue(500);

    await user.click(screen.getByRole('button', { name: 'Reset' }));

    expect(onApply).toHaveBeenLastCalledWith(NO_FILTERS);
    expect(screen.getByRole('checkbox', { name: 'Men' })).not.toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Min (₹)' })).toHaveValue(299);
    expect(screen.getByRole('radio', { name: 'Any rating' })).toBeChecked();
    expect(apply()).toHaveFocus();
  });

  it('moves the price inputs with the slider handles, each stopping at the other', async () => {
    const { user, onApply } = renderForm();
    const low = screen.getByRole('slider', { name: 'Minimum price' });
    const high = screen.getByRole('slider', { name: 'Maximum price' });
    expect(low).toHaveValue('299');
    expect(high).toHaveValue('2499');

    fireEvent.change(high, { target: { value: '1500' } });
    expect(screen.getByRole('spinbutton', { name: 'Max (₹)' })).toHaveValue(1500);
    fireEvent.change(low, { target: { value: '2000' } });
    expect(screen.getByRole('spinbutton', { name: 'Min (₹)' })).toHaveValue(1500);
    fireEvent.change(low, { target: { value: '700' } });

    await user.click(apply());
    expect(onApply).toHaveBeenLastCalledWith({ ...NO_FILTERS, minPrice: 700, maxPrice: 1500 });
  });

  it('follows the number inputs with the handles', async () => {
    const { user } = renderForm();
    const min = screen.getByRole('spinbutton', { name: 'Min (₹)' });
    await user.clear(min);
    await user.type(min, '900');
    expect(screen.getByRole('slider', { name: 'Minimum price' })).toHaveValue('900');
  });

  it('applies only customisable products with Design your own ticked (issue 28)', async () => {
    const onApply = vi.fn();
    const { user } = renderForm({ onApply });
    await user.click(screen.getByRole('checkbox', { name: 'Design your own' }));
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledWith({ ...NO_FILTERS, customisable: true });
  });

  it('shows each option’s count and disables the options nothing would match, unless ticked', () => {
    const option = (value: string, count: number) => ({ value, count });
    renderForm({
      applied: { ...NO_FILTERS, gender: ['Women'] },
      counts: {
        gender: [option('Men', 4), option('Women', 0)],
        category: [option('Hoodies', 0), option('T-Shirts', 7)],
        size: [option('S', 2), option('M', 0), option('L', 1)],
        color: [],
        rating: [option('4', 0), option('3', 5), option('2', 6), option('1', 7)],
        customisable: [option('true', 3)],
      },
    });
    expect(screen.getByRole('checkbox', { name: 'Design your own (3 products)' })).toBeEnabled();
    const men = screen.getByRole('checkbox', { name: 'Men (4 products)' });
    expect(men).toBeEnabled();
    // Ticked, so it can be unticked though nothing matches.
    expect(screen.getByRole('checkbox', { name: 'Women (0 products)' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Hoodies (0 products)' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'M (0 products)' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'L (1 product)' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: '4 stars & up (0 products)' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '3 stars & up (5 products)' })).toBeEnabled();
  });
});
