import { DESIGN_YOUR_OWN, formatRupees } from '#contract';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { NO_FILTERS, type ProductFilterValues } from '../utils/products-view.ts';

interface Chip {
  key: string;
  label: string;
  without: ProductFilterValues;
}

/** One chip per applied filter value, each knowing the filters without it. */
export function filterChips(filters: ProductFilterValues): Chip[] {
  const listChips = (group: 'gender' | 'category' | 'size' | 'color'): Chip[] =>
    (filters[group] as string[]).map((value) => ({
      key: `${group}:${value}`,
      label: value,
      without: { ...filters, [group]: (filters[group] as string[]).filter((v) => v !== value) },
    }));
  const chips = [
    ...listChips('gender'),
    ...listChips('category'),
    ...listChips('size'),
    ...listChips('color'),
  ];
  const { minPrice, maxPrice, rating, customisable } = filters;
  if (minPrice !== undefined || maxPrice !== undefined) {
    const label =
      minPrice !== undefined && maxPrice !== undefined
        ? `${formatRupees(minPrice)} – ${formatRupees(maxPrice)}`
        : minPrice !== undefined
          ? `From ${formatRupees(minPrice)}`
          : `Up to ${formatRupees(maxPrice ?? 0)}`;
    const { minPrice: _min, maxPrice: _max, ...rest } = filters;
    chips.push({ key: 'price', label, without: rest });
  }
  if (rating !== undefined) {
    const { rating: _rating, ...rest } = filters;
    chips.push({ key: 'rating', label: `${rating}★ & up`, without: rest });
  }
  if (customisable) {
    const { customisable: _customisable, ...rest } = filters;
    chips.push({ key: 'customisable', label: DESIGN_YOUR_OWN, without: rest });
  }
  return chips;
}

interface ActiveFilterChipsProps {
  filters: ProductFilterValues;
  onChange: (filters: ProductFilterValues) => void;
}

/** The applied filters above the grid (issue 16): each one removable, or all at once. */
export function ActiveFilterChips({ filters, onChange }: ActiveFilterChipsProps) {
  const chips = filterChips(filters);
  const hydrated = useHydrated();
  if (chips.length === 0) return null;
  return (
    <div className="mb-5 flex flex-wrap items-center gap-2">
      <h3 className="sr-only">Active filters</h3>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              disabled={!hydrated}
              onClick={() => onChange(chip.without)}
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex h-8 items-center gap-1.5 rounded-full border border-ink-300 bg-white pr-2 pl-3 text-sm text-ink-900 hover:border-ink-900"
            >
              {chip.label}
              <span aria-hidden="true" className="text-ink-600">
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        disabled={!hydrated}
        onClick={() => onChange(NO_FILTERS)}
        className="rounded-sm px-2 text-sm font-semibold text-brand-700 underline hover:text-brand-800"
      >
        Clear all
      </button>
    </div>
  );
}
