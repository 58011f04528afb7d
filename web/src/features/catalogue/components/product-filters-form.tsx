import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { type FacetGroup, isSize, type ProductFacets, type ProductFilters } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CheckboxField, TextField } from '#web/components/ui/form-field.tsx';
import { ChevronDownIcon, StarIcon } from '#web/components/ui/icons.tsx';
import { formatRupees } from '#web/utils/format-money.ts';
import {
  NO_FILTERS,
  type PriceRange,
  type ProductFilterValues,
  RATING_OPTIONS,
} from '../utils/products-view.ts';
import { PriceRangeSlider } from './price-range-slider.tsx';

export type FilterGroup = 'gender' | 'category' | 'size' | 'color';

const GROUP_TITLES: Record<FilterGroup, string> = {
  gender: 'Gender',
  category: 'Category',
  size: 'Size',
  color: 'Colour',
};

/** Whole rupees or paise; empty means "the shop's own limit". */
const PriceInputSchema = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || /^\d{1,7}(\.\d{1,2})?$/.test(value),
    'Enter an amount like 499',
  );

const FilterFormSchema = z
  .object({
    gender: z.array(z.string()),
    category: z.array(z.string()),
    size: z.array(z.string()),
    color: z.array(z.string()),
    minPrice: PriceInputSchema,
    maxPrice: PriceInputSchema,
    rating: z.string(),
  })
  .refine(
    ({ minPrice, maxPrice }) =>
      minPrice === '' || maxPrice === '' || Number(minPrice) <= Number(maxPrice),
    { path: ['maxPrice'], message: 'Max price must not be below min price' },
  );

type FilterFormValues = z.infer<typeof FilterFormSchema>;

function toFormValues(filters: ProductFilterValues, range: PriceRange): FilterFormValues {
  return {
    gender: filters.gender,
    category: filters.category,
    size: filters.size,
    color: filters.color,
    minPrice: String(filters.minPrice ?? range.minPrice),
    maxPrice: String(filters.maxPrice ?? range.maxPrice),
    rating: filters.rating === undefined ? '' : String(filters.rating),
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
    filters.rating === undefined
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
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors },
  } = useForm<FilterFormValues>({
    resolver: zodResolver(FilterFormSchema),
    defaultValues: toFormValues(applied, priceRange),
  });
  const applyRef = useRef<HTMLButtonElement>(null);

  // The URL changed (Back, a link, Apply): the form shows what is applied now.
  const appliedKey = JSON.stringify([applied, priceRange]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for `applied` and `priceRange`.
  useEffect(() => {
    reset(toFormValues(applied, priceRange));
  }, [appliedKey, reset]);

  const current = useWatch({ control }) as FilterFormValues;
  const showReset =
    !isDefault(applied) ||
    !isDefault(toFilterValues({ ...toFormValues(NO_FILTERS, priceRange), ...current }, priceRange));

  const onReset = () => {
    reset(toFormValues(NO_FILTERS, priceRange));
    // The Reset button goes away; focus stays in the form.
    applyRef.current?.focus();
    onApply(NO_FILTERS);
  };

  return (
    <form
      aria-label="Product filters"
      noValidate
      onSubmit={handleSubmit((values) => onApply(toFilterValues(values, priceRange)))}
      className="flex flex-col gap-1"
    >
      <CheckboxGroup
        group="gender"
        open={openGroups.gender}
        onToggle={onToggleGroup}
        values={options.genders}
        register={register('gender')}
        counts={counts}
        checked={current.gender}
      />
      <CheckboxGroup
        group="category"
        open={openGroups.category}
        onToggle={onToggleGroup}
        values={options.categories}
        register={register('category')}
        counts={counts}
        checked={current.category}
      />
      <CheckboxGroup
        group="size"
        open={openGroups.size}
        onToggle={onToggleGroup}
        values={options.sizes}
        register={register('size')}
        counts={counts}
        checked={current.size}
        columns
      />
      <CheckboxGroup
        group="color"
        open={openGroups.color}
        onToggle={onToggleGroup}
        values={options.colors.map((color) => color.name)}
        swatches={new Map(options.colors.map((color) => [color.name, color.hex]))}
        register={register('color')}
        counts={counts}
        checked={current.color}
      />

      <Section title="Price Range">
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Min (₹)"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            error={errors.minPrice?.message}
            {...register('minPrice')}
          />
          <TextField
            label="Max (₹)"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            error={errors.maxPrice?.message}
            {...register('maxPrice')}
          />
        </div>
        <PriceRangeSlider
          range={priceRange}
          min={priceOr(current.minPrice, priceRange.minPrice)}
          max={priceOr(current.maxPrice, priceRange.maxPrice)}
          onChange={({ min, max }) => {
            setValue('minPrice', String(min), { shouldValidate: true });
            setValue('maxPrice', String(max), { shouldValidate: true });
          }}
        />
        <p className="mt-2 text-xs text-ink-600">
          Prices in the shop: {formatRupees(priceRange.minPrice)} to{' '}
          {formatRupees(priceRange.maxPrice)}
        </p>
      </Section>

      <Section title="Rating">
        <div className="flex flex-col gap-1">
          <RatingOption label="Any rating" value="" register={register('rating')} />
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
              register={register('rating')}
              disabled={
                countOf(counts, 'rating', String(stars)) === 0 && current.rating !== String(stars)
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
          <button type="button" onClick={onReset} className={buttonStyles({ variant: 'outline' })}>
            Reset
          </button>
        ) : null}
      </div>
    </form>
  );
}

type Registration = ReturnType<ReturnType<typeof useForm<FilterFormValues>>['register']>;

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
  register: Registration;
  /** Short labels (sizes) sit side by side. */
  columns?: boolean;
  counts: ProductFacets['groups'] | undefined;
  /** The values ticked now: a ticked option stays usable even at 0, so it can be unticked. */
  checked: readonly string[] | undefined;
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
  register,
  columns,
  counts,
  checked,
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
                value={value}
                {...register}
                disabled={count === 0 && !checked?.includes(value)}
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
  register,
  disabled,
}: {
  label: ReactNode;
  value: string;
  register: Registration;
  disabled?: boolean;
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2.5 rounded-lg py-1 text-sm text-ink-800 has-disabled:cursor-not-allowed has-disabled:opacity-50">
      <input
        type="radio"
        value={value}
        {...register}
        disabled={disabled}
        className="size-4 shrink-0 cursor-pointer accent-brand-600"
      />
      {label}
    </label>
  );
}
