import { type ChangeEvent, type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import {
  CUSTOMISABLE_FACET_OPTION,
  DESIGN_YOUR_OWN,
  type FacetGroup,
  formatRupees,
  isSize,
  type ProductFacets,
  type ProductFilters,
} from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CheckboxField, TextField } from '#web/components/ui/form-field.tsx';
import { ChevronDownIcon, StarIcon } from '#web/components/ui/icons.tsx';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import {
  NO_FILTERS,
  type PriceRange,
  type ProductFilterValues,
  RATING_OPTIONS,
} from '../utils/products-view.ts';
import { PriceRangeSlider } from './price-range-slider.tsx';

export type FilterGroup = 'gender' | 'category' | 'size' | 'color';

const FILTER_GROUPS: readonly FilterGroup[] = ['gender', 'category', 'size', 'color'];

const GROUP_TITLES: Record<FilterGroup, string> = {
  gender: 'Gender',
  category: 'Category',
  size: 'Size',
  color: 'Colour',
};

/** Whole rupees or paise; empty means "the shop's own limit". */
const PRICE_INPUT = /^\d{1,7}(\.\d{1,2})?$/;

/** The form's fields as the inputs hold them: ticked values, the price boxes' text, the rating radio's value. */
interface FilterFormValues {
  gender: string[];
  category: string[];
  size: string[];
  color: string[];
  minPrice: string;
  maxPrice: string;
  rating: string;
  customisable: boolean;
}

type FilterFormErrors = Partial<Record<'minPrice' | 'maxPrice', string>>;

const PRICE_FIELDS = [
  { field: 'minPrice', label: 'Min (₹)' },
  { field: 'maxPrice', label: 'Max (₹)' },
] as const;

/**
 * The checks before Apply. A few lines of ours, not a form library and a
 * schema runtime: this form is on the first load of /products, where those
 * cost ~35 KB (brotli) before the first paint on a phone (decision 027).
 */
function validate(values: FilterFormValues): FilterFormErrors {
  const { minPrice, maxPrice } = values;
  const errors: FilterFormErrors = {};
  for (const { field } of PRICE_FIELDS) {
    const value = values[field].trim();
    if (value !== '' && !PRICE_INPUT.test(value)) errors[field] = 'Enter an amount like 499';
  }
  if (
    !errors.minPrice &&
    !errors.maxPrice &&
    minPrice.trim() !== '' &&
    maxPrice.trim() !== '' &&
    Number(minPrice) > Number(maxPrice)
  ) {
    errors.maxPrice = 'Max price must not be below min price';
  }
  return errors;
}

function toFormValues(filters: ProductFilterValues, range: PriceRange): FilterFormValues {
  return {
    gender: filters.gender,
    category: filters.category,
    size: filters.size,
    color: filters.color,
    minPrice: String(filters.minPrice ?? range.minPrice),
    maxPrice: String(filters.maxPrice ?? range.maxPrice),
    rating: filters.rating === undefined ? '' : String(filters.rating),
    customisable: Boolean(filters.customisable),
  };
}

/** SPEC §5: a price is sent only when it differs from the server's price stats. */
function priceFilter(input: string, limit: number): number | undefined {
  if (input.trim() === '') return undefined;
  const value = Number(input);
  return value === limit ? undefined : value;
}

function toFilterValues(values: FilterFormValues, range: PriceRange): ProductFilterValues {
  return {
    gender: values.gender,
    category: values.category,
    size: values.size.filter(isSize),
    color: values.color,
    minPrice: priceFilter(values.minPrice, range.minPrice),
    maxPrice: priceFilter(values.maxPrice, range.maxPrice),
    rating: values.rating === '' ? undefined : Number(values.rating),
    ...(values.customisable && { customisable: true }),
  };
}

function isDefault(filters: ProductFilterValues): boolean {
  return (
    filters.gender.length === 0 &&
    filters.category.length === 0 &&
    filters.size.length === 0 &&
    filters.color.length === 0 &&
    filters.minPrice === undefined &&
    filters.maxPrice === undefined &&
    filters.rating === undefined &&
    !filters.customisable
  );
}

interface ProductFiltersFormProps {
  options: Pick<ProductFilters, 'genders' | 'categories' | 'sizes' | 'colors'>;
  /** The server's price stats, or SPEC §9's 0 to 6000 without them. */
  priceRange: PriceRange;
  /** The filters the listing shows now (from the URL). */
  applied: ProductFilterValues;
  onApply: (filters: ProductFilterValues) => void;
  /** Which collapsible groups are open; kept by the screen so they survive re-renders. */
  openGroups: Record<FilterGroup, boolean>;
  onToggleGroup: (group: FilterGroup) => void;
  /** How many products each option would show under the applied filters (issue 16); none while loading. */
  counts?: ProductFacets['groups'] | undefined;
}

/** An option's count from the facets, if they have come. */
const countOf = (counts: ProductFacets['groups'] | undefined, group: FacetGroup, value: string) =>
  counts ? (counts[group].find((option) => option.value === value)?.count ?? 0) : undefined;

/** A number input's value, or the shop's limit when it is empty or not a number. */
const priceOr = (input: string | undefined, limit: number) => {
  const value = Number(input);
  return input === undefined || input.trim() === '' || !Number.isFinite(value) ? limit : value;
};

/** The filter sidebar's form (SPEC §2 Products): groups, price range, rating, Apply and Reset. */
export function ProductFiltersForm({
  options,
  priceRange,
  applied,
  onApply,
  openGroups,
  onToggleGroup,
  counts,
}: ProductFiltersFormProps) {
  // The URL changed (Back, a link, Apply): the form shows what is applied now.
  const appliedKey = JSON.stringify([applied, priceRange]);
  const [shownKey, setShownKey] = useState(appliedKey);
  const [values, setValues] = useState(() => toFormValues(applied, priceRange));
  // After a refused Apply the errors follow the fields as they change (until the next reset).
  const [submitted, setSubmitted] = useState(false);
  if (shownKey !== appliedKey) {
    setShownKey(appliedKey);
    setValues(toFormValues(applied, priceRange));
    setSubmitted(false);
  }
  const errors = submitted ? validate(values) : {};
  const applyRef = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();

  const showReset = !isDefault(applied) || !isDefault(toFilterValues(values, priceRange));
  const set = (changes: Partial<FilterFormValues>) => setValues((now) => ({ ...now, ...changes }));
  const tick = (group: FilterGroup, options: readonly string[]) => (value: string, on: boolean) =>
    // In the options' order, as the URL and the chips list them.
    setValues((now) => ({
      ...now,
      [group]: options.filter((option) => (option === value ? on : now[group].includes(option))),
    }));
  const chooseRating = (event: ChangeEvent<HTMLInputElement>) =>
    set({ rating: event.target.value });
  const groupValues: Record<FilterGroup, readonly string[]> = {
    gender: options.genders,
    category: options.categories,
    size: options.sizes,
    color: options.colors.map((color) => color.name),
  };
  const swatches = new Map(options.colors.map((color) => [color.name, color.hex]));
  const customisableCount = countOf(counts, 'customisable', CUSTOMISABLE_FACET_OPTION);

  const onReset = () => {
    setValues(toFormValues(NO_FILTERS, priceRange));
    setSubmitted(false);
    // The Reset button goes away; focus stays in the form.
    applyRef.current?.focus();
    onApply(NO_FILTERS);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const [invalid] = Object.keys(validate(values));
    if (invalid) {
      setSubmitted(true);
      const field = event.currentTarget.elements.namedItem(invalid);
      if (field instanceof HTMLInputElement) field.focus();
      return;
    }
    onApply(toFilterValues(values, priceRange));
  };

  return (
    <form
      aria-label="Product filters"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-1"
    >
      {/* What is ticked or typed before React takes over would be lost at its first render (decision 027). */}
      <fieldset disabled={!hydrated} className="contents">
        <div className="pb-3">
          <CheckboxField
            label={
              <span className="inline-flex items-center gap-1 font-semibold">
                {DESIGN_YOUR_OWN}
                <OptionCount count={customisableCount} />
              </span>
            }
            name="customisable"
            value="true"
            checked={values.customisable}
            onChange={(event) => set({ customisable: event.target.checked })}
            disabled={customisableCount === 0 && !values.customisable}
          />
        </div>
        {FILTER_GROUPS.map((group) => (
          <CheckboxGroup
            key={group}
            group={group}
            open={openGroups[group]}
            onToggle={onToggleGroup}
            values={groupValues[group]}
            checked={values[group]}
            onTick={tick(group, groupValues[group])}
            counts={counts}
            columns={group === 'size'}
            swatches={group === 'color' ? swatches : undefined}
          />
        ))}

        <Section title="Price Range">
          <div className="grid grid-cols-2 gap-3">
            {PRICE_FIELDS.map(({ field, label }) => (
              <TextField
                key={field}
                label={label}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                error={errors[field]}
                name={field}
                value={values[field]}
                onChange={(event) => set({ [field]: event.target.value })}
              />
            ))}
          </div>
          <PriceRangeSlider
            range={priceRange}
            min={priceOr(values.minPrice, priceRange.minPrice)}
            max={priceOr(values.maxPrice, priceRange.maxPrice)}
            onChange={({ min, max }) => set({ minPrice: String(min), maxPrice: String(max) })}
          />
          <p className="mt-2 text-xs text-ink-600">
            Prices in the shop: {formatRupees(priceRange.minPrice)} to{' '}
            {formatRupees(priceRange.maxPrice)}
          </p>
        </Section>

        <Section title="Rating">
          <div className="flex flex-col gap-1">
            <RatingOption
              label="Any rating"
              value=""
              checked={values.rating === ''}
              onChange={chooseRating}
            />
            {RATING_OPTIONS.map((stars) => (
              <RatingOption
                key={stars}
                label={
                  <>
                    <span className="sr-only">{stars} stars</span>
                    <span aria-hidden="true" className="flex items-center gap-0.5">
                      {Array.from({ length: 5 }, (_, index) => (
                        <StarIcon
                          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars.
                          key={index}
                          className={`size-4 ${index < stars ? 'text-amber-500' : 'text-ink-200'}`}
                        />
                      ))}
                    </span>
                    <span>&amp; up</span>
                    <OptionCount count={countOf(counts, 'rating', String(stars))} />
                  </>
                }
                value={String(stars)}
                checked={values.rating === String(stars)}
                onChange={chooseRating}
                disabled={
                  countOf(counts, 'rating', String(stars)) === 0 && values.rating !== String(stars)
                }
              />
            ))}
          </div>
        </Section>

        {/* In the phone drawer it stays in view while the groups scroll, so Apply is one tap away. */}
        <div className="flex flex-wrap gap-3 border-t border-ink-200 bg-white pt-4 pb-2 in-[dialog]:sticky in-[dialog]:bottom-0">
          <button ref={applyRef} type="submit" className={buttonStyles({ className: 'flex-1' })}>
            Apply Filters
          </button>
          {showReset ? (
            <button
              type="button"
              onClick={onReset}
              className={buttonStyles({ variant: 'outline' })}
            >
              Reset
            </button>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-ink-200 py-4">
      <legend className="float-left mb-3 w-full text-sm font-semibold text-ink-900">{title}</legend>
      <div className="clear-left">{children}</div>
    </fieldset>
  );
}

interface CheckboxGroupProps {
  group: FilterGroup;
  open: boolean;
  onToggle: (group: FilterGroup) => void;
  values: readonly string[];
  /** The values ticked now: a ticked option stays usable even at 0, so it can be unticked. */
  checked: readonly string[];
  onTick: (value: string, on: boolean) => void;
  /** Short labels (sizes) sit side by side. */
  columns?: boolean;
  counts: ProductFacets['groups'] | undefined;
  /** A dot of each value's colour beside its name (the colour group). */
  swatches?: ReadonlyMap<string, string>;
}

/** '(12)' after an option; an option nothing would match is disabled beside it. */
function OptionCount({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  const products = `(${count} ${count === 1 ? 'product' : 'products'})`;
  return (
    <>
      <span aria-hidden="true" className="text-ink-600">
        ({count})
      </span>
      <span className="sr-only">{products}</span>
    </>
  );
}

/** A collapsible group of checkboxes: a disclosure button over a labelled group. */
function CheckboxGroup({
  group,
  open,
  onToggle,
  values,
  checked,
  onTick,
  columns,
  counts,
  swatches,
}: CheckboxGroupProps) {
  const id = useId();
  const title = GROUP_TITLES[group];
  return (
    <div className="border-t border-ink-200 first:border-t-0">
      <h3>
        <button
          id={`${id}-button`}
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => onToggle(group)}
          className="flex w-full items-center justify-between rounded-lg py-3 text-left text-sm font-semibold text-ink-900 hover:text-brand-700"
        >
          {title}
          <ChevronDownIcon
            className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <fieldset
        id={`${id}-panel`}
        aria-labelledby={`${id}-button`}
        hidden={!open}
        // Two columns: a count of thousands beside XXL still fits the 15rem sidebar.
        className={`pb-4 ${columns ? 'grid grid-cols-2 gap-2' : 'flex flex-col gap-2'}`}
      >
        {values.length === 0 ? (
          <p className="text-sm text-ink-600">None on sale right now.</p>
        ) : (
          values.map((value) => {
            const count = countOf(counts, group, value);
            const hex = swatches?.get(value);
            return (
              <CheckboxField
                key={value}
                label={
                  <span className="inline-flex items-center gap-1">
                    {hex ? (
                      <span
                        aria-hidden="true"
                        className="size-4 shrink-0 rounded-full border border-ink-300"
                        style={{ backgroundColor: hex }}
                      />
                    ) : null}
                    {value}
                    <OptionCount count={count} />
                  </span>
                }
                name={group}
                value={value}
                checked={checked.includes(value)}
                onChange={(event) => onTick(value, event.target.checked)}
                disabled={count === 0 && !checked.includes(value)}
                className="has-disabled:cursor-not-allowed has-disabled:opacity-50"
              />
            );
          })
        )}
      </fieldset>
    </div>
  );
}

function RatingOption({
  label,
  value,
  checked,
  onChange,
  disabled,
}: {
  label: ReactNode;
  value: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2.5 rounded-lg py-1 text-sm text-ink-800 has-disabled:cursor-not-allowed has-disabled:opacity-50">
      <input
        type="radio"
        name="rating"
        value={value}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        className="size-4 shrink-0 cursor-pointer accent-brand-600"
      />
      {label}
    </label>
  );
}
