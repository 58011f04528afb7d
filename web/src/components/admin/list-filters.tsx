import { type FormEvent, useId } from 'react';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { inputStyles } from '#web/components/ui/form-field.tsx';

interface ListFiltersProps {
  searchLabel: string;
  search: string;
  /** Without a filter (no options), the search box alone. */
  filterLabel?: string;
  filter?: string;
  /** The choices of the filter; value '' means all. */
  options?: readonly { value: string; label: string }[];
  /** Called with the new search and filter (a new URL: Back works). */
  onChange: (next: { search: string; filter: string }) => void;
}

/** A search box and a filter, if any, above an admin list; the filter applies as soon as it changes. */
export function ListFilters({
  searchLabel,
  search,
  filterLabel,
  filter = '',
  options = [],
  onChange,
}: ListFiltersProps) {
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onChange({ search: String(form.get('search') ?? '').trim(), filter });
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers still in use (and for happy-dom); the role gives the same landmark. */}
      <form
        role="search"
        aria-label={searchLabel}
        onSubmit={onSubmit}
        className="flex flex-1 items-end gap-2"
      >
        <div className="flex-1">
          <label htmlFor={`${id}-search`} className="mb-1.5 block text-sm font-medium text-ink-800">
            {searchLabel}
          </label>
          <input
            id={`${id}-search`}
            name="search"
            type="search"
            defaultValue={search}
            key={search}
            className={`${inputStyles(false)} h-11`}
          />
        </div>
        <button type="submit" className={buttonStyles({ variant: 'outline' })}>
          Search
        </button>
      </form>
      {options.length > 0 ? (
        <div>
          <label htmlFor={`${id}-filter`} className="mb-1.5 block text-sm font-medium text-ink-800">
            {filterLabel}
          </label>
          <select
            id={`${id}-filter`}
            value={filter}
            onChange={(event) => onChange({ search, filter: event.target.value })}
            className={`${inputStyles(false)} h-11 pr-8 sm:w-48`}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}
