import { defaultSortFor, isSize, type Size, type SortBy, splitQueryList } from '#contract';
import type { ListProductsInput } from '../api/list-products.ts';

/**
 * The sorts the products screen offers (SPEC §2), in its order and with its
 * labels, after 'Best match', which is offered (and the default) only while
 * searching: the server then ranks by how well products match (D24).
 */
export const PRODUCT_SORTS = [
  { value: 'relevance', label: 'Best match' },
  { value: 'priceAsc', label: 'Price - Asc' },
  { value: 'priceDesc', label: 'Price - Desc' },
  { value: 'ratingAsc', label: 'Rating - Asc' },
  { value: 'ratingDesc', label: 'Rating - Desc' },
] as const satisfies readonly { value: SortBy; label: string }[];

export type ProductSort = (typeof PRODUCT_SORTS)[number]['value'];

/** The sorts to offer: 'Best match' only means something while searching. */
export const sortsFor = (search: string | undefined) =>
  PRODUCT_SORTS.filter((sort) => search || sort.value !== 'relevance');

/** SPEC §2, §9: the rating radios, each meaning "this many stars & up". */
export const RATING_OPTIONS = [4, 3, 2, 1] as const;

/** SPEC §9: the price range when the server sends no price stats. */
export const DEFAULT_PRICE_RANGE = { minPrice: 0, maxPrice: 6000 } as const;

export interface PriceRange {
  minPrice: number;
  maxPrice: number;
}

/** Filters as applied (SPEC §3 filter form values); a price is absent when it is the default. */
export interface ProductFilterValues {
  gender: string[];
  category: string[];
  size: Size[];
  /** Colour names, exactly as the filter options list them (decision 018). */
  color: string[];
  minPrice?: number;
  maxPrice?: number;
  rating?: number;
  /** Only products shoppers may design on (issue 28). */
  customisable?: boolean;
}

export const NO_FILTERS: ProductFilterValues = { gender: [], category: [], size: [], color: [] };

/** Everything the products screen shows, as its URL holds it: refresh, links and Back restore it. */
export interface ProductsView {
  search?: string;
  filters: ProductFilterValues;
  sortBy: ProductSort;
  page: number;
}

function readNumber(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function isProductSort(value: string | null): value is ProductSort {
  return PRODUCT_SORTS.some((sort) => sort.value === value);
}

/** Reads the view from the URL, ignoring anything malformed (a hand-edited link never breaks the page). */
export function readProductsView(params: URLSearchParams): ProductsView {
  const search = params.get('search')?.trim() || undefined;
  const rating = readNumber(params, 'rating');
  const sortBy = params.get('sortBy');
  const page = Math.floor(readNumber(params, 'page') ?? 1);
  return {
    search,
    filters: {
      gender: splitQueryList(params.getAll('gender')),
      category: splitQueryList(params.getAll('category')),
      size: splitQueryList(params.getAll('size')).filter(isSize),
      color: splitQueryList(params.getAll('color')),
      minPrice: readNumber(params, 'minPrice'),
      maxPrice: readNumber(params, 'maxPrice'),
      rating: rating !== undefined && rating <= 5 ? rating : undefined,
      customisable: params.get('customisable') === 'true' || undefined,
    },
    sortBy:
      isProductSort(sortBy) && sortsFor(search).some((sort) => sort.value === sortBy)
        ? sortBy
        : defaultSortFor(Boolean(search)),
    page: page >= 1 ? page : 1,
  };
}

/** The URL for a view: defaults are left out, so the plain list is plain /products. */
export function writeProductsView(view: ProductsView): URLSearchParams {
  const params = new URLSearchParams();
  const { filters } = view;
  if (view.search) params.set('search', view.search);
  if (filters.gender.length > 0) params.set('gender', filters.gender.join(','));
  if (filters.category.length > 0) params.set('category', filters.category.join(','));
  if (filters.size.length > 0) params.set('size', filters.size.join(','));
  if (filters.color.length > 0) params.set('color', filters.color.join(','));
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.rating !== undefined) params.set('rating', String(filters.rating));
  if (filters.customisable) params.set('customisable', 'true');
  if (view.sortBy !== defaultSortFor(Boolean(view.search))) params.set('sortBy', view.sortBy);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** GET /product's query for a view (SPEC §7): lists comma-joined, empty groups left out. */
export function toListProductsQuery(view: ProductsView): ListProductsInput {
  const { filters } = view;
  return {
    search: view.search,
    gender: filters.gender.length > 0 ? filters.gender : undefined,
    category: filters.category.length > 0 ? filters.category : undefined,
    size: filters.size.length > 0 ? filters.size : undefined,
    color: filters.color.length > 0 ? filters.color : undefined,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    rating: filters.rating,
    customisable: filters.customisable,
    sortBy: view.sortBy,
    page: view.page,
  };
}

/** How many filters differ from their defaults (for the mobile Filters button). */
export function countActiveFilters(filters: ProductFilterValues): number {
  return (
    filters.gender.length +
    filters.category.length +
    filters.size.length +
    filters.color.length +
    (filters.minPrice !== undefined || filters.maxPrice !== undefined ? 1 : 0) +
    (filters.rating !== undefined ? 1 : 0) +
    (filters.customisable ? 1 : 0)
  );
}
