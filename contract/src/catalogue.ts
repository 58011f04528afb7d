import { z } from 'zod';
import {
  IdParamsSchema,
  IdSchema,
  PageQuerySchema,
  pageOf,
  queryList,
  RupeesSchema,
} from './common.ts';
import { ProductCustomisationSchema } from './design.ts';
import { defineEndpoint } from './endpoint.ts';
import { textSchema } from './text.ts';

/** The sizes the shop sells, smallest first; every list of sizes follows this order. */
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const SizeSchema = z.enum(SIZES, { error: `size must be one of ${SIZES.join(', ')}` });
export type Size = z.infer<typeof SizeSchema>;

export function isSize(value: string): value is Size {
  return (SIZES as readonly string[]).includes(value);
}

/**
 * A size with this many units or fewer is low on stock: the product page says
 * 'Only {n} left - make it yours!' (D23) and the admin dashboard lists it (D25).
 */
export const LOW_STOCK_THRESHOLD = 5;

export const ProductImageSchema = z.object({ url: z.string() });

/** Stock per size, in {@link SIZES} order: `{ "S": 4, "M": 0 }`. */
export const ProductSizesSchema = z.partialRecord(SizeSchema, z.number().int().nonnegative());
export type ProductSizes = z.infer<typeof ProductSizesSchema>;

export const ProductSchema = z.object({
  _id: IdSchema,
  title: z.string(),
  description: z.string(),
  price: RupeesSchema,
  rating: z.number().min(0).max(5),
  /** How many visible reviews the rating averages (D28); 0 means not rated yet. */
  reviewCount: z.number().int().nonnegative(),
  gender: z.string(),
  category: z.string(),
  images: z.array(ProductImageSchema),
  sizes: ProductSizesSchema,
  isNew: z.boolean(),
  createdAt: z.string(),
  /** Whether shoppers may design on it, its print areas and decoration prices (D27). */
  customisation: ProductCustomisationSchema,
});
export type Product = z.infer<typeof ProductSchema>;

export const SORT_OPTIONS = [
  'priceAsc',
  'priceDesc',
  'ratingAsc',
  'ratingDesc',
  'newest',
  'bestSelling',
  'relevance',
] as const;
export const SortBySchema = z.enum(SORT_OPTIONS, {
  error: `sortBy must be one of ${SORT_OPTIONS.join(', ')}`,
});
export type SortBy = z.infer<typeof SortBySchema>;
/** The sort the spec's products screen starts with. */
export const DEFAULT_SORT = 'ratingDesc' satisfies SortBy;

/** The sort without a `sortBy`: best match while searching (D24), otherwise {@link DEFAULT_SORT}. */
export function defaultSortFor(searching: boolean): 'relevance' | typeof DEFAULT_SORT {
  return searching ? 'relevance' : DEFAULT_SORT;
}

const filterValue = (name: string) => textSchema(name).min(1).max(60);
const PriceSchema = z.coerce
  .number({ error: 'must be a number' })
  .min(0, 'must be 0 or more')
  .max(10_000_000, 'is too large');

export const ListProductsQuerySchema = PageQuerySchema.extend({
  search: textSchema('search').trim().max(100, 'search must be at most 100 characters').optional(),
  gender: queryList(filterValue('gender')),
  category: queryList(filterValue('category')),
  size: queryList(SizeSchema),
  minPrice: PriceSchema.optional(),
  maxPrice: PriceSchema.optional(),
  rating: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be between 0 and 5')
    .max(5, 'must be between 0 and 5')
    .optional(),
  /** Without it: {@link defaultSortFor}. */
  sortBy: SortBySchema.optional(),
}).refine(
  (query) =>
    query.minPrice === undefined ||
    query.maxPrice === undefined ||
    query.minPrice <= query.maxPrice,
  { path: ['minPrice'], message: 'minPrice must not be greater than maxPrice' },
);
export type ListProductsQuery = z.infer<typeof ListProductsQuerySchema>;

export const ProductPageSchema = pageOf(ProductSchema);
export type ProductPage = z.infer<typeof ProductPageSchema>;

export const ProductFiltersSchema = z.object({
  sizes: z.array(SizeSchema),
  categories: z.array(z.string()),
  genders: z.array(z.string()),
  priceStats: z.object({ minPrice: RupeesSchema, maxPrice: RupeesSchema }),
});
export type ProductFilters = z.infer<typeof ProductFiltersSchema>;

export const listProducts = defineEndpoint({
  name: 'listProducts',
  method: 'GET',
  path: '/product',
  tag: 'catalogue',
  summary: 'Search, filter, sort and page through the catalogue',
  auth: 'none',
  query: ListProductsQuerySchema,
  result: ProductPageSchema,
});

export const getProductFilters = defineEndpoint({
  name: 'getProductFilters',
  method: 'GET',
  path: '/product/filters',
  tag: 'catalogue',
  summary: 'The sizes, categories, genders and price range on sale',
  auth: 'none',
  result: ProductFiltersSchema,
});

export const getProduct = defineEndpoint({
  name: 'getProduct',
  method: 'GET',
  path: '/product/:id',
  tag: 'catalogue',
  summary: 'One product by its _id',
  auth: 'none',
  params: IdParamsSchema,
  result: ProductSchema,
});

/** The catalogue read cache of the one server process that answered (decision 017). */
export const CatalogueMetricsSchema = z.object({
  /** Which process answered: each keeps its own cache, so figures differ between them. */
  process: z.object({ pid: z.number().int(), uptimeSeconds: z.number() }),
  cache: z.object({
    enabled: z.boolean(),
    entries: z.number().int(),
    bytes: z.number().int(),
    maxBytes: z.number().int(),
    hits: z.number().int(),
    misses: z.number().int(),
    evictions: z.number().int(),
    /** hits / (hits + misses), 0 before any read. */
    hitRatio: z.number(),
  }),
  /** The catalogue version this process last learned, and whether it hears changes at once. */
  catalogueVersion: z.number().int(),
  listening: z.boolean(),
  /** 'strict': the version is read before every answer; 'notify': LISTEN alone (decision 017). */
  consistency: z.enum(['strict', 'notify']),
});
export type CatalogueMetrics = z.infer<typeof CatalogueMetricsSchema>;

export const getAdminMetrics = defineEndpoint({
  name: 'getAdminMetrics',
  method: 'GET',
  path: '/admin/metrics',
  tag: 'admin',
  summary: "The catalogue read cache's figures in the process that answers",
  auth: 'admin',
  result: CatalogueMetricsSchema,
});
