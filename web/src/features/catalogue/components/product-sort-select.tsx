import { useId } from 'react';
import { ChevronDownIcon } from '#web/components/ui/icons.tsx';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { type ProductSort, sortsFor } from '../utils/products-view.ts';

interface ProductSortSelectProps {
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
  /** The search shown, if any: 'Best match' is offered only while searching. */
  search?: string | undefined;
}

/** SPEC §2: Price - Asc, Price - Desc, Rating - Asc, Rating - Desc (and Best match for a search). */
export function ProductSortSelect({ value, onChange, search }: ProductSortSelectProps) {
  const sorts = sortsFor(search);
  const id = useId();
  const hydrated = useHydrated();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-ink-700">
        Sort by
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          disabled={!hydrated}
          onChange={(event) => {
            const next = sorts.find((sort) => sort.value === event.target.value);
            if (next) onChange(next.value);
          }}
          className="h-10 appearance-none rounded-full border border-ink-300 bg-white pr-9 pl-4 text-sm font-medium text-ink-900 hover:border-ink-400"
        >
          {sorts.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-600" />
      </div>
    </div>
  );
}
