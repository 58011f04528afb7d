import { z } from 'zod';
import {
  IdParamsSchema,
  IdSchema,
  PageQuerySchema,
  pageOf,
  queryFlag,
  queryList,
  RupeesSchema,
  SearchTextSchema,
} from './common.ts';
import { ProductCustomisationSchema } from './design.ts';
import { defineEndpoint } from './endpoint.ts';
import { requiredText } from './fields.ts';
import { hsnSchema } from './gst.ts';
import { PRICE_BREAK_LIMITS } from './price-breaks.ts';
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

const { minQuantity: MIN_QUANTITY, percentOff: PERCENT_OFF } = PRICE_BREAK_LIMITS;

export const PRICE_BREAKS_TOO_MANY_MESSAGE = `A product may have at most ${PRICE_BREAK_LIMITS.breaks} price breaks`;
export const PRICE_BREAKS_ORDER_MESSAGE =
  'Price breaks must go up: each one from more pieces than the one before';

/** Price by quantity (issue 29): from `minQuantity` pieces of one style and design, `percentOff` off each. */
export const PriceBreakSchema = z.object({
  minQuantity: z
    .number({ error: 'Pieces must be a whole number' })
    .int('Pieces must be a whole number')
    .min(MIN_QUANTITY.min, `Pieces must be at least ${MIN_QUANTITY.min}`)
    .max(MIN_QUANTITY.max, `Pieces must be at most ${MIN_QUANTITY.max}`),
  percentOff: z
    .number({ error: 'Percent off must be a whole number' })
    .int('Percent off must be a whole number')
    .min(PERCENT_OFF.min, `Percent off must be at least ${PERCENT_OFF.min}`)
    .max(PERCENT_OFF.max, `Percent off must be at most ${PERCENT_OFF.max}`),
});

/** A product's breaks, smallest first, each from more pieces than the one before. */
export const PriceBreaksSchema = z
  .array(PriceBreakSchema, { error: 'Price breaks must be a list' })
  .max(PRICE_BREAK_LIMITS.breaks, PRICE_BREAKS_TOO_MANY_MESSAGE)
  .refine(
    (breaks) =>
      breaks.every(
        (item, index) => index === 0 || item.minQuantity > (breaks[index - 1]?.minQuantity ?? 0),
      ),
    PRICE_BREAKS_ORDER_MESSAGE,
  );

/** Stock per size, in {@link SIZES} order: `{ "S": 4, "M": 0 }`. */
export const ProductSizesSchema = z.partialRecord(SizeSchema, z.number().int().nonnegative());
export type ProductSizes = z.infer<typeof ProductSizesSchema>;

/** A colour as #rrggbb in lower case: how swatches, filters and the designer draw it. */
export const HEX_COLOR_PATTERN = /^#[0-9a-f]{6}$/;
export const COLOR_NAME_MAX = 30;

/** A product's colour (decision 018): its name as the filter lists it, and how to draw it. */
export const ProductColorSchema = z.object({
  name: z.string(),
  hex: z.string().regex(HEX_COLOR_PATTERN),
});
export type ProductColor = z.infer<typeof ProductColorSchema>;

/** One colour of a style on sale: the product to open for it, and whether any size is in stock. */
export const StyleColorSchema = z.object({
  productId: IdSchema,
  name: z.string(),
  hex: z.string().regex(HEX_COLOR_PATTERN),
  inStock: z.boolean(),
});
export type StyleColor = z.infer<typeof StyleColorSchema>;

/**
 * A product is one colour of one style (decision 018): stock, pictures, cart
 * lines and orders stay per product `_id` (D1), and `colors` lists every
 * colour of its style on sale, this one included, in the order they were added.
 */
export const ProductSchema = z.object({
  _id: IdSchema,
  /** Shared by the colours of one garment. */
  styleId: IdSchema,
  color: ProductColorSchema,
  colors: z.array(StyleColorSchema),
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
  /** Price by quantity (issue 29), shared by the colours of its style; [] for none. */
  priceBreaks: z.array(PriceBreakSchema),
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

/** What narrows the listing: search and filters, without paging or sort (the facets take these). */
const productFilterFields = {
  search: textSchema('search').trim().max(100, 'search must be at most 100 characters').optional(),
  gender: queryList(filterValue('gender')),
  category: queryList(filterValue('category')),
  size: queryList(SizeSchema),
  /** Colour names exactly as GET /product/filters lists them ('Navy,Black'). */
  color: queryList(filterValue('color').max(COLOR_NAME_MAX)),
  minPrice: PriceSchema.optional(),
  maxPrice: PriceSchema.optional(),
  rating: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be between 0 and 5')
    .max(5, 'must be between 0 and 5')
    .optional(),
  /** true: only products shoppers may design on (D27, issue 28); false or absent: every product. */
  customisable: queryFlag('customisable'),
};

type PriceBounds = { minPrice?: number | undefined; maxPrice?: number | undefined };
const priceRangeInOrder = (query: PriceBounds) =>
  query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice;
const PRICE_RANGE_ERROR = {
  path: ['minPrice'],
  message: 'minPrice must not be greater than maxPrice',
};

export const ListProductsQuerySchema = PageQuerySchema.extend({
  ...productFilterFields,
  /** Without it: {@link defaultSortFor}. */
  sortBy: SortBySchema.optional(),
}).refine(priceRangeInOrder, PRICE_RANGE_ERROR);
export type ListProductsQuery = z.infer<typeof ListProductsQuerySchema>;

export const ProductFacetsQuerySchema = z
  .object(productFilterFields)
  .refine(priceRangeInOrder, PRICE_RANGE_ERROR);
export type ProductFacetsQuery = z.infer<typeof ProductFacetsQuerySchema>;

/**
 * The listing's filter groups that show counts (issue 16): each option's count
 * is how many products the listing would show with that option chosen, under
 * the search and every other group's selection (a group ignores its own).
 */
export const FACET_GROUPS = [
  'gender',
  'category',
  'size',
  'color',
  'rating',
  'customisable',
] as const;
/** The one option of the 'customisable' facet: how many styles can be designed on (issue 28). */
export const CUSTOMISABLE_FACET_OPTION = 'true';
/** The listing's filter (its chip, the home page's link) to the products shoppers may design on. */
export const DESIGN_YOUR_OWN = 'Design your own';
export type FacetGroup = (typeof FACET_GROUPS)[number];

export const FacetOptionSchema = z.object({
  value: z.string(),
  count: z.number().int().nonnegative(),
});
export type FacetOption = z.infer<typeof FacetOptionSchema>;

export const ProductFacetsSchema = z.object({
  /** Styles (the listing's cards) matching the search and every filter: the listing's total. */
  total: z.number().int().nonnegative(),
  /** Per group, its options in display order (sizes smallest first, ratings 4 to 1 '& up'). */
  groups: z.record(z.enum(FACET_GROUPS), z.array(FacetOptionSchema)),
});
export type ProductFacets = z.infer<typeof ProductFacetsSchema>;

/** The rating options: "this many stars & up" (SPEC §2, §9). */
export const RATING_FACET_OPTIONS = [4, 3, 2, 1] as const;
/** How many products 'You may also like' shows. */
export const RELATED_PRODUCTS_LIMIT = 8;

/**
 * How many cards a listing counts exactly (decision 028). Past it the listing
 * stops counting: `total` is then how many cards are known to exist and
 * `moreThanTotal` says there are more ("Over 1,000 products"), as large shops
 * answer. A search's total is always exact (it ranks every match anyway).
 */
export const LISTING_EXACT_TOTAL_MAX = 1000;

export const ProductPageSchema = pageOf(ProductSchema).extend({
  /**
   * True when the listing stopped counting past {@link LISTING_EXACT_TOTAL_MAX}:
   * there are more than `total` cards, and `pages` is the pages known to exist
   * (the last of them may not be the last page).
   */
  moreThanTotal: z.boolean(),
});
export type ProductPage = z.infer<typeof ProductPageSchema>;

export const ProductFiltersSchema = z.object({
  sizes: z.array(SizeSchema),
  categories: z.array(z.string()),
  genders: z.array(z.string()),
  /** The colours on sale, by name; each name with one hex to draw its swatch. */
  colors: z.array(ProductColorSchema),
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
  summary: 'The sizes, categories, genders, colours and price range on sale',
  auth: 'none',
  result: ProductFiltersSchema,
});

export const getProductFacets = defineEndpoint({
  name: 'getProductFacets',
  method: 'GET',
  path: '/product/facets',
  tag: 'catalogue',
  summary: 'How many products each filter option would show, for a search and filters',
  auth: 'none',
  query: ProductFacetsQuerySchema,
  result: ProductFacetsSchema,
});

export const listRelatedProducts = defineEndpoint({
  name: 'listRelatedProducts',
  method: 'GET',
  path: '/product/:id/related',
  tag: 'catalogue',
  summary: "'You may also like': same category and gender, in stock, not this one",
  auth: 'none',
  params: IdParamsSchema,
  result: z.array(ProductSchema),
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

/** The catalogue read cache of the one server process that answered (decision 026). */
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
    /** Answers a stock take brought up to date in memory instead of forgetting them (decision 026). */
    amended: z.number().int(),
    evictions: z.number().int(),
    /** hits / (hits + misses), 0 before any read. */
    hitRatio: z.number(),
  }),
  /** The catalogue version this process last learned, and whether it hears changes at once. */
  catalogueVersion: z.number().int(),
  listening: z.boolean(),
  /** 'strict': the version is read before every answer; 'notify': LISTEN alone (decision 026). */
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

// ---------------------------------------------------------------- the owner's products (D25)
// Under /api/v1/admin: 401 without a live session, 403 for anyone but an admin.

export const ADMIN_IMAGES_MAX = 10;
export const STOCK_MAX = 100_000;
export const PRICE_MAX = 1_000_000;

/** A product as the owner sees it: archived ones too, images with their ids for editing. */
export const AdminProductSchema = ProductSchema.extend({
  images: z.array(z.object({ _id: IdSchema, url: z.string() })),
  unitsSold: z.number().int().nonnegative(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The HSN code its tax invoice lines print (issue 26). */
  hsn: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductPageSchema = pageOf(AdminProductSchema);
export type AdminProductPage = z.infer<typeof AdminProductPageSchema>;

export const ListAdminProductsQuerySchema = PageQuerySchema.extend({
  /** Matches title, category, gender or description (contains, any case), or the start of an _id. */
  search: SearchTextSchema,
  /** Without it: every product; `true`: archived ones only; `false`: those on sale only. */
  archived: queryFlag('archived'),
});
export type ListAdminProductsQuery = z.infer<typeof ListAdminProductsQuerySchema>;

const StockSchema = z
  .number({ error: 'Stock must be a whole number' })
  .int('Stock must be a whole number')
  .min(0, 'Stock must be 0 or more')
  .max(STOCK_MAX, `Stock must be at most ${STOCK_MAX}`);

/** Rupees with at most 2 decimals (whole paise, D4). */
export const isWholePaise = (rupees: number) =>
  Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;

/** What the owner writes for a product; a PUT replaces all of it. */
export const AdminProductBodySchema = z.object({
  title: requiredText('Title', 200),
  description: requiredText('Description', 5000, { multiLine: true }),
  /** In rupees (D4); orders already placed keep the price they were placed at. */
  price: z
    .number({ error: 'Price must be a number' })
    .positive('Price must be more than 0')
    .max(PRICE_MAX, `Price must be at most ₹${PRICE_MAX}`)
    .refine(isWholePaise, 'Price may have at most 2 decimals'),
  // The shop's filters take values of up to 60 characters.
  gender: requiredText('Gender', 60),
  category: requiredText('Category', 60),
  /**
   * The HSN code tax invoices print for it (issue 26). Left out: a new product
   * takes its category's default (`defaultHsn`), an update keeps what it has.
   */
  hsn: hsnSchema('HSN code').optional(),
  isNew: z.boolean({ error: 'isNew must be true or false' }).optional().default(false),
  /** The product's colour (decision 018); its name is a filter value, so it holds no comma. */
  color: z.object(
    {
      name: requiredText('Colour name', COLOR_NAME_MAX).refine(
        (name) => !name.includes(','),
        'Colour name must not contain a comma',
      ),
      hex: textSchema('Colour', { required: 'Colour must be a #rrggbb colour' })
        .trim()
        .toLowerCase()
        .regex(HEX_COLOR_PATTERN, 'Colour must be a #rrggbb colour'),
    },
    { error: 'Colour is required: { name, hex }' },
  ),
  /**
   * The style this colour belongs to: the `styleId` of another product. Without
   * it a new product starts a style of its own and an edited one keeps its style.
   */
  styleId: IdSchema.optional(),
  /** Stock per size: `{ "S": 4, "M": 0 }`; a size left out is not sold. */
  sizes: z
    .partialRecord(SizeSchema, StockSchema, {
      error: (issue) =>
        issue.code === 'invalid_type'
          ? 'Sizes must map each size to its stock'
          : `Sizes must be among ${SIZES.join(', ')}`,
    })
    .optional()
    .default({}),
  /** Uploaded images' _ids, in the order the shop shows them. */
  imageIds: z
    .array(IdSchema, { error: 'imageIds must be a list of image ids' })
    .max(ADMIN_IMAGES_MAX, `A product may have at most ${ADMIN_IMAGES_MAX} images`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each image may appear only once')
    .optional()
    .default([]),
  /**
   * Designs on the product (D27). Left out: a new product is not customisable
   * and an update keeps what the product has. `blank` left out: false, the
   * photos carry a print the designer does not include (issue 28).
   */
  customisation: ProductCustomisationSchema.extend({
    blank: ProductCustomisationSchema.shape.blank.default(false),
  }).optional(),
  /**
   * Price by quantity (issue 29). Its style's colours share one list: saving
   * it writes every colour of the style. Left out: a new product has none
   * (or its style's), an update keeps what the style has.
   */
  priceBreaks: PriceBreaksSchema.optional(),
});
export type AdminProductBody = z.infer<typeof AdminProductBodySchema>;

export const DeleteAdminProductResultSchema = z.object({
  /** `archived` when orders reference the product: it leaves the shop, the orders keep it. */
  outcome: z.enum(['deleted', 'archived']),
  product: AdminProductSchema.nullable(),
});
export type DeleteAdminProductResult = z.infer<typeof DeleteAdminProductResultSchema>;

export const listAdminProducts = defineEndpoint({
  name: 'listAdminProducts',
  method: 'GET',
  path: '/admin/products',
  tag: 'admin',
  summary: 'Every product, archived ones included, newest first, with stock per size and images',
  auth: 'admin',
  query: ListAdminProductsQuerySchema,
  result: AdminProductPageSchema,
});

export const getAdminProduct = defineEndpoint({
  name: 'getAdminProduct',
  method: 'GET',
  path: '/admin/products/:id',
  tag: 'admin',
  summary: 'One product, archived or not',
  auth: 'admin',
  params: IdParamsSchema,
  result: AdminProductSchema,
});

export const createAdminProduct = defineEndpoint({
  name: 'createAdminProduct',
  method: 'POST',
  path: '/admin/products',
  tag: 'admin',
  summary: 'Add a product to the shop; it is on sale at once',
  auth: 'admin',
  body: AdminProductBodySchema,
  result: AdminProductSchema,
});

export const updateAdminProduct = defineEndpoint({
  name: 'updateAdminProduct',
  method: 'PUT',
  path: '/admin/products/:id',
  tag: 'admin',
  summary: 'Replace a product’s details, stock and images; placed orders keep their prices',
  auth: 'admin',
  params: IdParamsSchema,
  body: AdminProductBodySchema,
  result: AdminProductSchema,
});

export const deleteAdminProduct = defineEndpoint({
  name: 'deleteAdminProduct',
  method: 'DELETE',
  path: '/admin/products/:id',
  tag: 'admin',
  summary: 'Delete a product no order references; archive it (it leaves the shop) when one does',
  auth: 'admin',
  params: IdParamsSchema,
  result: DeleteAdminProductResultSchema,
});

export const restoreAdminProduct = defineEndpoint({
  name: 'restoreAdminProduct',
  method: 'POST',
  path: '/admin/products/:id/restore',
  tag: 'admin',
  summary: 'Put an archived product back on sale',
  auth: 'admin',
  params: IdParamsSchema,
  result: AdminProductSchema,
});
