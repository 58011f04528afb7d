import {
  type AdminProduct,
  type AdminProductBody,
  AdminProductBodySchema,
  PRODUCTS_CSV_COLUMNS,
  type ProductsCsvColumn,
  SIZES,
  type Size,
  stockColumn,
} from '#contract';

// How a product is a row of the products CSV (issue 27), and a row a product
// body for the admin products service: the export's columns both ways.

export type ProductCells = Record<ProductsCsvColumn, string>;

/** The one column the import may go without: it only reads it. */
const OPTIONAL_COLUMNS: readonly ProductsCsvColumn[] = ['archived'];

const price = (rupees: number) => rupees.toFixed(2);

/** Every column of the product as the export writes it. */
export function productCells(product: AdminProduct): ProductCells {
  const stock = Object.fromEntries(
    SIZES.map((size) => [stockColumn(size), product.sizes[size]?.toString() ?? '']),
  ) as Record<`stock_${Size}`, string>;
  return {
    id: product._id,
    style_id: product.styleId,
    title: product.title,
    description: product.description,
    price: price(product.price),
    gender: product.gender,
    category: product.category,
    hsn: product.hsn,
    is_new: String(product.isNew),
    color_name: product.color.name,
    color_hex: product.color.hex,
    ...stock,
    image_ids: product.images.map((image) => image._id).join(' '),
    archived: String(product.archived),
  };
}

/**
 * The columns a product body sets, written as the export writes them, for
 * comparing with the product: `hsn` and `style_id` only when the row gives
 * them (left empty, a product keeps its own).
 */
export function bodyCells(body: AdminProductBody): Partial<ProductCells> {
  const stock = Object.fromEntries(
    SIZES.map((size) => [stockColumn(size), body.sizes[size]?.toString() ?? '']),
  );
  return {
    ...(body.styleId !== undefined && { style_id: body.styleId }),
    title: body.title,
    description: body.description,
    price: price(body.price),
    gender: body.gender,
    category: body.category,
    ...(body.hsn !== undefined && { hsn: body.hsn }),
    is_new: String(body.isNew),
    color_name: body.color.name,
    color_hex: body.color.hex,
    ...stock,
    image_ids: body.imageIds.join(' '),
  };
}

/** The columns whose values the body would change on the product. */
export function changedColumns(product: AdminProduct, body: AdminProductBody): string[] {
  const now = productCells(product);
  return Object.entries(bodyCells(body))
    .filter(([column, value]) => now[column as ProductsCsvColumn] !== value)
    .map(([column]) => column);
}

/** What a header lacks and what it has too many of. */
export function headerProblems(header: string[]): { missing: string[]; unknown: string[] } {
  const known = new Set<string>(PRODUCTS_CSV_COLUMNS);
  return {
    missing: PRODUCTS_CSV_COLUMNS.filter(
      (column) => !header.includes(column) && !OPTIONAL_COLUMNS.includes(column),
    ),
    unknown: header.filter((column) => !known.has(column)),
  };
}

const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);

/** true/yes/1 and false/no/0, in any case; empty: not given; anything else stays text for the schema to refuse. */
export function flagCell(cell: string): boolean | string | undefined {
  const word = cell.trim().toLowerCase();
  if (word === '') return undefined;
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return cell;
}

/** A number as typed; empty: not given; anything else stays text for the schema to refuse. */
const numberCell = (cell: string): number | string | undefined => {
  const text = cell.trim();
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isNaN(value) ? text : value;
};

const optionalText = (cell: string) => (cell.trim() === '' ? undefined : cell.trim());

/** The product form's fields in a row, before the form's rules are applied. */
function bodyInput(cell: (column: ProductsCsvColumn) => string) {
  const sizes = Object.fromEntries(
    SIZES.flatMap((size) => {
      const stock = numberCell(cell(stockColumn(size)));
      return stock === undefined ? [] : [[size, stock]];
    }),
  );
  return {
    title: cell('title'),
    description: cell('description'),
    price: numberCell(cell('price')),
    gender: cell('gender'),
    category: cell('category'),
    hsn: optionalText(cell('hsn')),
    isNew: flagCell(cell('is_new')),
    color: { name: cell('color_name'), hex: cell('color_hex') },
    styleId: optionalText(cell('style_id')),
    sizes,
    imageIds: cell('image_ids').split(/\s+/).filter(Boolean),
  };
}

/** The column a field of the product body (a path, or its dotted name in an error) comes from. */
export function columnOf(path: readonly PropertyKey[] | string): string | null {
  const [field, key] = typeof path === 'string' ? path.split('.') : path.map(String);
  switch (field) {
    case 'isNew':
      return 'is_new';
    case 'styleId':
      return 'style_id';
    case 'imageIds':
      return 'image_ids';
    case 'color':
      return key === 'hex' ? 'color_hex' : 'color_name';
    case 'sizes':
      return key && (SIZES as readonly string[]).includes(key) ? `stock_${key}` : null;
    case undefined:
      return null;
    default:
      return (PRODUCTS_CSV_COLUMNS as readonly string[]).includes(field) ? field : null;
  }
}

export type ParsedRow =
  | { ok: true; body: AdminProductBody }
  | { ok: false; problems: { column: string | null; message: string }[] };

/** A row as the product form's body, by the form's own rules (the contract's schema). */
export function parseProductRow(cell: (column: ProductsCsvColumn) => string): ParsedRow {
  const parsed = AdminProductBodySchema.safeParse(bodyInput(cell));
  if (parsed.success) return { ok: true, body: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => ({
      column: columnOf(issue.path),
      message: issue.message,
    })),
  };
}
