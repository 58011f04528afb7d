import { z } from 'zod';
import { SIZES, type Size } from './catalogue.ts';
import { IdSchema, queryFlag } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { textSchema } from './text.ts';

// The owner's CSV files (issue 27), under /api/v1/admin: 401 without a live
// session, 403 for anyone but an admin. Exports are files, not the envelope;
// the import takes the products export's own columns.

// ---------------------------------------------------------------- orders

/**
 * One row per order line. The order's own figures (coupon, discount, total,
 * payment, delivery state) repeat on each of its lines; sum `line_total` for
 * goods sold, and count `total` once per `order_id`.
 */
export const ORDERS_CSV_COLUMNS = [
  'order_number',
  'order_id',
  'date',
  'customer',
  'email',
  'status',
  'product',
  'product_id',
  'size',
  'colour',
  'quantity',
  'price',
  'line_total',
  'coupon',
  'discount',
  'total',
  'payment',
  'state',
] as const;

/** The longest range one orders export covers: a year, both ends included. */
export const ORDERS_CSV_MAX_DAYS = 366;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (day: string) =>
  !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
  new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

const shopDay = (name: string) =>
  textSchema(name)
    .regex(DAY_PATTERN, `${name} must be a day as YYYY-MM-DD`)
    .refine(isCalendarDay, `${name} must be a day of the calendar`);

/** Days in India (the shop's calendar), both included: orders placed from the start of `from` to the end of `to`. */
export const OrdersCsvQuerySchema = z
  .object({ from: shopDay('from'), to: shopDay('to') })
  .refine(({ from, to }) => from <= to, { message: 'from must be on or before to', path: ['to'] })
  .refine(({ from, to }) => dayNumber(to) - dayNumber(from) < ORDERS_CSV_MAX_DAYS, {
    message: `An export covers at most ${ORDERS_CSV_MAX_DAYS} days`,
    path: ['to'],
  });
export type OrdersCsvQuery = z.infer<typeof OrdersCsvQuerySchema>;

export const exportOrdersCsv = defineEndpoint({
  name: 'exportOrdersCsv',
  method: 'GET',
  path: '/admin/orders.csv',
  tag: 'admin',
  summary: `The orders placed between two days in India (from, to: YYYY-MM-DD, both included, at most ${ORDERS_CSV_MAX_DAYS} days) as a CSV download, one row per order line, oldest first (columns ${ORDERS_CSV_COLUMNS.join(', ')})`,
  auth: 'admin',
  query: OrdersCsvQuerySchema,
  produces: 'text/csv',
  // The answer is the file itself, not the JSON envelope.
  result: z.string(),
});

export const ordersCsvFileName = ({ from, to }: OrdersCsvQuery) => `orders-${from}-to-${to}.csv`;
/** The export's address under /api/v1. */
export const ordersCsvPath = (query: OrdersCsvQuery) =>
  `${exportOrdersCsv.path}?from=${encodeURIComponent(query.from)}&to=${encodeURIComponent(query.to)}`;

// ---------------------------------------------------------------- products

/** A size's stock column: empty when the size is not sold, a number (0 included) when it is. */
export const stockColumn = (size: Size) => `stock_${size}` as const;

/**
 * One row per product (a colour of a style, decision 018), archived ones
 * too. `image_ids` are uploaded images' ids separated by spaces; `archived` is
 * for reading: the import refuses a row that changes it (archive or restore on
 * the product's page).
 */
export const PRODUCTS_CSV_COLUMNS = [
  'id',
  'style_id',
  'title',
  'description',
  'price',
  'gender',
  'category',
  'hsn',
  'is_new',
  'color_name',
  'color_hex',
  ...SIZES.map(stockColumn),
  'image_ids',
  'archived',
] as const;
export type ProductsCsvColumn = (typeof PRODUCTS_CSV_COLUMNS)[number];

export const exportProductsCsv = defineEndpoint({
  name: 'exportProductsCsv',
  method: 'GET',
  path: '/admin/products.csv',
  tag: 'admin',
  summary: `Every product, archived ones too, as a CSV download with its stock per size (columns ${PRODUCTS_CSV_COLUMNS.join(', ')}), oldest first; the import takes the same columns`,
  auth: 'admin',
  produces: 'text/csv',
  result: z.string(),
});

export const PRODUCTS_CSV_FILE_NAME = 'products.csv';

/** The most rows one import takes, and the most bytes of its file. */
export const PRODUCT_IMPORT_MAX_ROWS = 2_000;
export const PRODUCT_IMPORT_MAX_BYTES = 4 * 1024 * 1024;

export const ProductImportQuerySchema = z.object({
  /** Without it, a dry run: nothing is written. */
  dryRun: queryFlag('dryRun'),
});
export type ProductImportQuery = z.infer<typeof ProductImportQuerySchema>;

const LineSchema = z.number().int().positive();

/**
 * What an import did, or (a dry run) would do. Lines are the file's, the
 * header being line 1. Any refused row and nothing is written: an apply with
 * refusals is a 400 that lists them.
 */
export const ProductImportResultSchema = z.object({
  dryRun: z.boolean(),
  created: z.array(z.object({ line: LineSchema, title: z.string() })),
  changed: z.array(
    z.object({
      line: LineSchema,
      id: IdSchema,
      title: z.string(),
      /** The columns whose values change. */
      columns: z.array(z.string()),
    }),
  ),
  /** Rows that match their product: nothing to write. */
  unchanged: z.number().int().nonnegative(),
  refused: z.array(
    z.object({
      line: LineSchema,
      /** null when the row as a whole is refused. */
      column: z.string().nullable(),
      message: z.string(),
    }),
  ),
});
export type ProductImportResult = z.infer<typeof ProductImportResultSchema>;
export type ProductImportRefusal = ProductImportResult['refused'][number];

export const importProductsCsv = defineEndpoint({
  name: 'importProductsCsv',
  method: 'POST',
  path: '/admin/products/import',
  tag: 'admin',
  summary: `Create and change products from a CSV file (the body, Content-Type text/csv; the products export's columns; at most ${PRODUCT_IMPORT_MAX_ROWS} rows and ${PRODUCT_IMPORT_MAX_BYTES / 1024 / 1024} MB). A row with an id changes that product, one without creates one; every row is checked as the product form is. dryRun=true (the default) answers what would happen; dryRun=false writes every row in one transaction, or nothing when any row is refused (400 listing them)`,
  auth: 'admin',
  query: ProductImportQuerySchema,
  consumes: ['text/csv'],
  result: ProductImportResultSchema,
});

/** What the 400 of a refused apply says. */
export const importRefused = (rows: number) =>
  `Nothing was imported: ${rows} ${rows === 1 ? 'row was' : 'rows were'} refused. Run a dry run to see why.`;
export const IMPORT_BODY_REQUIRED = 'Send the products as CSV text with Content-Type text/csv';
export const IMPORT_NO_ROWS = 'The file has a header but no product rows';
export const IMPORT_TOO_MANY_ROWS = `An import takes at most ${PRODUCT_IMPORT_MAX_ROWS} rows: split the file`;
export const missingColumns = (columns: string[]) =>
  `The header has no column ${columns.join(', ')}: start from the products export`;
export const unknownColumns = (columns: string[]) =>
  `The header has columns the import does not know: ${columns.join(', ')}`;
