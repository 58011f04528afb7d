import { type SQL, sql } from 'drizzle-orm';
import {
  type FacetGroup,
  type FacetOption,
  type ProductFacets,
  RATING_FACET_OPTIONS,
  SIZES,
  type Size,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { products } from '#server/db/schema/catalogue.ts';

/** The listing's selection in each facet group (the contract's query, sizes parsed). */
export interface FacetSelection {
  gender?: string[] | undefined;
  category?: string[] | undefined;
  size?: Size[] | undefined;
  color?: string[] | undefined;
  rating?: number | undefined;
}

/** The values on sale that a facet may list even where nothing matches (count 0). */
export interface KnownFacetValues {
  genders: string[];
  categories: string[];
  colors: string[];
}

/**
 * One filter group with counts (decision 024). The products matching the
 * search and price are grouped by every facet's `key`; from those groups each
 * facet's counts are summed in memory, under every other facet's selection.
 * A new facet is one more entry in FACETS.
 */
interface Facet<Value> {
  group: FacetGroup;
  /** The product column this facet reads (one of products_facets_idx's, in its order). */
  column: SQL;
  /** What to count by, from the column's value; it may depend on the selection. */
  key(selection: FacetSelection, value: SQL): SQL;
  /** The grouped key's value as the database answers it. */
  read(raw: unknown): Value;
  /** The options a product with this value counts towards. */
  optionsOf(value: Value): readonly string[];
  /** Whether a product with this value passes this group's own selection (it does with none). */
  passes(value: Value, selection: FacetSelection): boolean;
  /** Every option to show, in display order. */
  options(known: KnownFacetValues): readonly string[];
}

const chosen = (list: readonly string[] | undefined, value: string) =>
  list === undefined || list.length === 0 || list.includes(value);

const facet = <Value>(definition: Facet<Value>) => definition as Facet<unknown>;

export const FACETS: readonly Facet<unknown>[] = [
  facet<string>({
    group: 'gender',
    column: sql`${products.gender}`,
    key: (_, gender) => gender,
    read: String,
    optionsOf: (gender) => [gender],
    passes: (gender, selection) => chosen(selection.gender, gender),
    options: (known) => known.genders,
  }),
  facet<string>({
    group: 'category',
    column: sql`${products.category}`,
    key: (_, category) => category,
    read: String,
    optionsOf: (category) => [category],
    passes: (category, selection) => chosen(selection.category, category),
    options: (known) => known.categories,
  }),
  facet<readonly string[]>({
    group: 'size',
    // Kept by a trigger on product_stock: no join with the stock of every product.
    column: sql`${products.inStockSizes}`,
    key: (_, sizes) => sizes,
    read: (raw) => (Array.isArray(raw) ? raw.map(String) : []),
    optionsOf: (sizes) => sizes,
    // The listing's rule: some chosen size in stock.
    passes: (sizes, selection) =>
      !selection.size?.length || selection.size.some((size) => sizes.includes(size)),
    options: () => SIZES,
  }),
  facet<string>({
    group: 'color',
    column: sql`${products.colorName}`,
    key: (_, color) => color,
    read: String,
    optionsOf: (color) => [color],
    passes: (color, selection) => chosen(selection.color, color),
    options: (known) => known.colors,
  }),
  facet<{ stars: number; meetsChosen: boolean }>({
    group: 'rating',
    // One small integer, cheap to group by: whole stars (the options are whole,
    // "4 & up") times two, plus one when the chosen minimum is met.
    column: sql`${products.rating}`,
    key: (selection, rating) =>
      sql`floor(${rating})::int * 2 + ${
        selection.rating === undefined ? sql`1` : sql`(${rating} >= ${selection.rating})::int`
      }`,
    read: (raw) => {
      const value = Number(raw);
      return { stars: Math.floor(value / 2), meetsChosen: value % 2 === 1 };
    },
    optionsOf: ({ stars }) => RATING_FACET_OPTIONS.filter((option) => stars >= option).map(String),
    passes: ({ meetsChosen }) => meetsChosen,
    options: () => RATING_FACET_OPTIONS.map(String),
  }),
];

/** A group of products with the same value of every facet's key. */
export interface FacetBucket {
  values: unknown[];
  products: number;
}

/**
 * Each facet's counts from the buckets: a bucket counts towards a facet's
 * options when it passes every other facet's selection (a group ignores its
 * own), and towards the total when it passes them all.
 */
export function countFacets(
  buckets: FacetBucket[],
  selection: FacetSelection,
  known: KnownFacetValues,
): ProductFacets {
  const counts = FACETS.map(() => new Map<string, number>());
  let total = 0;
  for (const bucket of buckets) {
    const values = FACETS.map((entry, index) => entry.read(bucket.values[index]));
    const passing = FACETS.map((entry, index) => entry.passes(values[index], selection));
    const failures = passing.filter((passes) => !passes).length;
    if (failures === 0) total += bucket.products;
    FACETS.forEach((entry, index) => {
      // Counted for this facet when no other facet fails.
      if (failures - (passing[index] ? 0 : 1) > 0) return;
      const tally = counts[index] as Map<string, number>;
      for (const option of entry.optionsOf(values[index])) {
        tally.set(option, (tally.get(option) ?? 0) + bucket.products);
      }
    });
  }
  const groups = Object.fromEntries(
    FACETS.map((entry, index) => {
      const tally = counts[index] as Map<string, number>;
      const options = new Set([...entry.options(known), ...tally.keys()]);
      return [
        entry.group,
        [...options].map((value): FacetOption => ({ value, count: tally.get(value) ?? 0 })),
      ];
    }),
  ) as ProductFacets['groups'];
  return { total, groups };
}

/**
 * The products matching `where` (search, price, on sale) counted per value of
 * every facet's key. Two steps: products grouped by the facets' raw columns,
 * which streams in products_facets_idx's order with no hashing; then those
 * few thousand groups by the keys. One pass, however many facets there are.
 */
export async function findFacetBuckets(
  db: Database,
  where: SQL | undefined,
  selection: FacetSelection,
): Promise<FacetBucket[]> {
  const columns = FACETS.map((entry, index) => sql`${entry.column} as ${sql.raw(`c${index}`)}`);
  const keys = FACETS.map(
    (entry, index) => sql`${entry.key(selection, sql.raw(`c${index}`))} as ${sql.raw(`k${index}`)}`,
  );
  const positions = sql.join(
    FACETS.map((_, index) => sql.raw(String(index + 1))),
    sql`, `,
  );
  const result = await db.execute(sql`
    select ${sql.join(keys, sql`, `)}, sum(grouped.products)::int as products
    from (
      select ${sql.join(columns, sql`, `)}, count(*) as products
      from ${products}
      where ${where ?? sql`true`}
      group by ${positions}
    ) grouped
    group by ${positions}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    values: FACETS.map((_, index) => row[`k${index}`]),
    products: Number(row.products),
  }));
}
