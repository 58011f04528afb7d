import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CATALOGUE_LISTS,
  DEFAULT_CUSTOMISATION,
  FALLBACK_HSN,
  type PriceBreak,
  type PrintAreas,
  SIZES,
} from '#contract';
import { images } from './media.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What search matches (D24): title (weight A), category and gender (B) and
 * description (C), lower case, with hyphens and apostrophes dropped so
 * 't-shirt' and 'tshirt' are one word.
 */
const SEARCH_VECTOR = `setweight(to_tsvector('simple', lower(regexp_replace(title, '[-'']', '', 'g'))), 'A') || setweight(to_tsvector('simple', lower(regexp_replace(category || ' ' || gender, '[-'']', '', 'g'))), 'B') || setweight(to_tsvector('simple', lower(regexp_replace(description, '[-'']', '', 'g'))), 'C')`;

export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull(),
    /** Money is kept exactly, in paise (D4). */
    pricePaise: integer().notNull(),
    rating: numeric({ precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    /** Visible reviews the rating averages (D28), kept with it by the reviews feature. */
    reviewCount: integer().notNull().default(0),
    gender: text().notNull(),
    category: text().notNull(),
    /** The HSN code its tax invoice lines print (issue 26); new products take their category's. */
    hsn: text().notNull().default(FALLBACK_HSN),
    isNew: boolean().notNull().default(false),
    /**
     * A product is one colour of a style (decision 018): the colours of one
     * garment share a style id, and each keeps its own stock and pictures.
     */
    styleId: uuid().notNull().defaultRandom(),
    /**
     * Whether this is its style's first colour on sale (by created_at, id), the
     * card the unfiltered listing shows; kept by triggers on products, so a
     * listing skips the search for an earlier colour on most rows (decision 025).
     */
    styleLead: boolean().notNull().default(true),
    /**
     * Whether this is the first colour on sale of its style with its words
     * (search document). A search's first matching colour of a style is always
     * one: a search without filters picks each style's card among the search
     * leads alone, a third of the matching colours in a shop whose colours
     * share their words. Kept by the same triggers as `styleLead` (decision
     * 028).
     */
    searchLead: boolean().notNull().default(true),
    /** The colour's name as shoppers filter by it ('Navy'), and its #rrggbb for swatches. */
    colorName: text().notNull(),
    colorHex: text().notNull(),
    /**
     * Units ordered over the product's life, as of the last tally: ranks 'Best
     * Sellers' (D23). Checkouts and returns write to `pending_units_sold`; the
     * tally folds it in here every few seconds (decision
     * 026).
     */
    unitsSold: integer().notNull().default(0),
    /**
     * The sizes with stock (product_stock rows with stock > 0), kept by a
     * trigger on product_stock: the size filter then reads the product's own
     * row, or only an index, instead of probing the stock of every product
     * (decision 023).
     */
    inStockSizes: text({ enum: SIZES }).array().notNull().default(sql`'{}'`),
    /**
     * The same sizes as bits (bit i: SIZES[i] in stock), for the facet counts
     * to gather a style's sizes with one bitwise or per colour (decision 025).
     */
    inStockSizeBits: integer()
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          SIZES.map(
            (size, index) =>
              `(case when in_stock_sizes @> '{${size}}' then ${1 << index} else 0 end)`,
          ).join(' | '),
        ),
      ),
    /**
     * The gender's, category's and colour's codes in facet_codes, set by a
     * trigger whenever the value is written, and the rating's whole stars: the
     * facet counts make a product's bit of each with one shift, not a
     * comparison of text per value (decision 024).
     * The defaults are never kept: the trigger sets every code.
     */
    genderCode: smallint().notNull().default(0),
    categoryCode: smallint().notNull().default(0),
    colorCode: smallint().notNull().default(0),
    ratingStars: smallint().notNull().generatedAlwaysAs(sql`floor(rating)::smallint`),
    /** Archived products leave the shop but stay for the orders that reference them. */
    archivedAt: timestamp({ withTimezone: true }),
    /** Shoppers may design on it (D27): where (mm on the mock-up) and what each printed side adds. */
    customisable: boolean().notNull().default(false),
    printAreas: jsonb().$type<PrintAreas>().notNull().default(DEFAULT_CUSTOMISATION.printAreas),
    decorationFrontPaise: integer().notNull().default(0),
    decorationBackPaise: integer().notNull().default(0),
    /**
     * Its photos show the bare garment the designer prints on (issue 28); when
     * not, the product page and the designer say the photos' print is not included.
     */
    blank: boolean().notNull().default(false),
    /**
     * Price by quantity (issue 29), smallest first: the colours of a style
     * share one list, written to all of them when the owner saves one.
     */
    priceBreaks: jsonb().$type<PriceBreak[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The words search matches ({@link SEARCH_VECTOR}), copied into search_documents;
     * unindexed here, as every search goes through the documents (decision 028).
     */
    searchVector: tsvector().generatedAlwaysAs(sql.raw(SEARCH_VECTOR)),
    /**
     * Which search document (the same words) this product's search vector is:
     * a search matches and ranks the documents, then reaches their products
     * through products_on_sale_search_idx without reading a row (decision 028).
     */
    searchDocument: text()
      .notNull()
      .generatedAlwaysAs(sql.raw(`md5((${SEARCH_VECTOR})::text)`)),
  },
  (table) => [
    check('products_price_nonnegative', sql`${table.pricePaise} >= 0`),
    check('products_rating_range', sql`${table.rating} between 0 and 5`),
    check('products_color_hex_format', sql`${table.colorHex} ~ '^#[0-9a-f]{6}$'`),
    check(
      'products_decoration_nonnegative',
      sql`${table.decorationFrontPaise} >= 0 and ${table.decorationBackPaise} >= 0`,
    ),
    // One index per listing order, on products on sale only, ending with every
    // filtered column: a page, a deep page and the page's total (a window count)
    // are index-only scans, whatever the filters (decision 023).
    index('products_on_sale_rating_idx')
      .on(
        table.rating.desc().nullsFirst(),
        table.id,
        table.styleLead,
        table.gender,
        table.category,
        table.pricePaise,
        table.inStockSizes,
      )
      .where(sql`${table.archivedAt} is null`),
    index('products_on_sale_price_idx')
      .on(
        table.pricePaise,
        table.id,
        table.styleLead,
        table.gender,
        table.category,
        table.rating,
        table.inStockSizes,
      )
      .where(sql`${table.archivedAt} is null`),
    index('products_on_sale_newest_idx')
      .on(
        table.createdAt.desc().nullsFirst(),
        table.id,
        table.styleLead,
        table.gender,
        table.category,
        table.pricePaise,
        table.rating,
        table.inStockSizes,
      )
      .where(sql`${table.archivedAt} is null`),
    index('products_on_sale_best_selling_idx')
      .on(
        table.unitsSold.desc().nullsFirst(),
        table.rating.desc().nullsFirst(),
        table.id,
        table.styleLead,
        table.gender,
        table.category,
        table.pricePaise,
        table.inStockSizes,
      )
      .where(sql`${table.archivedAt} is null`),
    // The owner's list (archived products included), newest first.
    index('products_created_idx').on(table.createdAt.desc().nullsFirst(), table.id),
    // The styles on sale, one entry each: an unfiltered listing's total (decision 025).
    index('products_style_leads_idx')
      .on(table.styleId)
      .where(sql`${table.archivedAt} is null and ${table.styleLead}`),
    // The loose index scans that list the genders and categories on sale.
    index('products_gender_idx').on(table.gender),
    index('products_category_idx').on(table.category),
    index('products_color_idx').on(table.colorName, table.colorHex),
    // A style's colours in the order they were added: the first on sale stands for it.
    index('products_style_idx').on(table.styleId, table.createdAt, table.id),
    // A search's way from its matching documents to their products, holding
    // every column the search's filters, window and sorts read (decision 028).
    index('products_on_sale_search_idx')
      .on(
        table.searchDocument,
        table.styleId,
        table.createdAt,
        table.id,
        table.rating,
        table.pricePaise,
        table.unitsSold,
        table.gender,
        table.category,
        table.colorName,
        table.inStockSizes,
      )
      .where(sql`${table.archivedAt} is null`),
    // A search without filters: the search leads of the matching documents, with
    // what the per-style window and the sorts read, index-only.
    index('products_search_leads_idx')
      .on(
        table.searchDocument,
        table.styleId,
        table.createdAt,
        table.id,
        table.rating,
        table.pricePaise,
        table.unitsSold,
      )
      .where(sql`${table.archivedAt} is null and ${table.searchLead}`),
    // Products on sale in style order with every filtered column: a filtered
    // listing's total (its distinct styles) and the facet counts (per style)
    // stream through it index-only, grouping with no hashing (decisions 024, 025).
    index('products_on_sale_styles_idx')
      .on(
        table.styleId,
        table.gender,
        table.category,
        table.inStockSizes,
        table.colorName,
        table.rating,
        table.pricePaise,
        table.inStockSizeBits,
      )
      .where(sql`${table.archivedAt} is null`),
    // The facet counts' own pass, in style order and index-only, over small
    // integers: codes, stars and size bits, and the rating and price they
    // filter by. No search document: the pass of a request without a search
    // (every product on sale) reads half the pages (decision 024).
    index('products_on_sale_facet_pass_idx')
      .on(
        table.styleId,
        table.genderCode,
        table.categoryCode,
        table.colorCode,
        table.ratingStars,
        table.inStockSizeBits,
        table.customisable,
        table.rating,
        table.pricePaise,
      )
      .where(sql`${table.archivedAt} is null`),
    // The same with the search document (joined to a search's matching
    // documents): the pass of a request with a search.
    index('products_on_sale_facets_idx')
      .on(
        table.styleId,
        table.genderCode,
        table.categoryCode,
        table.colorCode,
        table.ratingStars,
        table.inStockSizeBits,
        table.customisable,
        table.rating,
        table.pricePaise,
        table.searchDocument,
      )
      .where(sql`${table.archivedAt} is null`),
  ],
);

/**
 * The categories and genders a product may take (issue 27, decision 047): the
 * product form picks from them, and the owner renames or merges them. One name
 * per list whatever its case ('T-shirts' is 'T-Shirts'). A trigger on products
 * writes every product's category and gender as its list spells it, adding a
 * name not listed yet (the seed, the bench, an API write), so the lists always
 * hold every value products have.
 */
export const catalogueListEntries = pgTable(
  'catalogue_list_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    list: text({ enum: CATALOGUE_LISTS }).notNull(),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('catalogue_list_entries_name_key').on(table.list, sql`lower(${table.name})`),
  ],
);

/** The facets whose values products hold as codes (decision 024). */
export const CODED_FACETS = ['gender', 'category', 'color'] as const;

/**
 * Each gender, category and colour ever written, with its code, dense from 0
 * per facet: kept by the trigger that sets the products' codes, and never
 * renumbered, so a code stays a product's until its value changes.
 */
export const facetCodes = pgTable(
  'facet_codes',
  {
    facet: text({ enum: CODED_FACETS }).notNull(),
    value: text().notNull(),
    code: smallint().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.facet, table.value] }),
    unique('facet_codes_code_key').on(table.facet, table.code),
  ],
);

/** Stock per product and size: the row checkout locks and decrements. */
export const productStock = pgTable(
  'product_stock',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text({ enum: SIZES }).notNull(),
    stock: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.size] }),
    check('product_stock_nonnegative', sql`${table.stock} >= 0`),
    index('product_stock_size_idx').on(table.size, table.productId).where(sql`${table.stock} > 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    imageId: uuid()
      .notNull()
      .references(() => images.id),
  },
  (table) => [primaryKey({ columns: [table.productId, table.position] })],
);

// Rows as the features read them; the types live beside their tables so that
// mappers of several features can name them without reaching into a repository.
/** A product as the shop reads it: every column but those only the database's queries need. */
export type ProductRow = Omit<
  typeof products.$inferSelect,
  | 'searchVector'
  | 'searchDocument'
  | 'inStockSizes'
  | 'inStockSizeBits'
  | 'styleLead'
  | 'searchLead'
  | 'genderCode'
  | 'categoryCode'
  | 'colorCode'
  | 'ratingStars'
>;
export type StockRow = typeof productStock.$inferSelect;
/** The product columns a customisation (D27) is kept in. */
export type ProductCustomisationColumns = Pick<
  ProductRow,
  'customisable' | 'printAreas' | 'decorationFrontPaise' | 'decorationBackPaise'
> &
  /** Left out: false, the photos carry a print. */
  Partial<Pick<ProductRow, 'blank'>>;
export type ImageRow = Pick<typeof productImages.$inferSelect, 'productId' | 'imageId'>;
/** One colour on sale of a style (decision 018). */
export interface StyleColorRow {
  productId: string;
  styleId: string;
  colorName: string;
  colorHex: string;
  inStock: boolean;
}

/**
 * Every word that appears in a product's search vector. A misspelt search
 * word is matched against these by trigram similarity (a small table, so
 * cheap), and the close words found are then looked up in the products'
 * search vectors (D24). A trigger keeps it filled.
 */
export const searchTerms = pgTable('search_terms', { term: text().primaryKey() }, (table) => [
  index('search_terms_trgm_idx').using('gin', table.term.op('gin_trgm_ops')),
]);

/**
 * Each distinct search vector of the products once, keyed by its md5
 * (`products.search_document`), kept by triggers on products (decision 028).
 * The colours of a style share their words, and many styles share a
 * template's: a search ranks a document once for all its products. A
 * document no product has any more stays, matching no product.
 */
export const searchDocuments = pgTable(
  'search_documents',
  { key: text().primaryKey(), searchVector: tsvector().notNull() },
  (table) => [index('search_documents_vector_idx').using('gin', table.searchVector)],
);

/**
 * Units sold (and, negative, returned) not yet tallied into
 * `products.units_sold`: a checkout adds a row instead of rewriting its
 * product's row and every index on it. No key and no foreign key: the tally
 * takes all rows of the products it locks, and a product deleted meanwhile
 * just has its rows dropped.
 */
export const pendingUnitsSold = pgTable('pending_units_sold', {
  productId: uuid().notNull(),
  units: integer().notNull(),
});

/**
 * One row counting every change to what the catalogue shows (products, stock,
 * images): bumped in the writing transaction, so a server process that reads a
 * version also sees every write that made it (decision 026).
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: smallint().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * What this version changed (decision 026): the cache tags of what a stock
     * take touched (its products, units sold, and the sizes and colours it
     * sold out), or null for anything at all.
     */
    changedTags: text().array(),
  },
  (table) => [check('catalogue_version_single_row', sql`${table.id} = 1`)],
);
