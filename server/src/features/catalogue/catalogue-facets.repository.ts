import { and, arrayOverlaps, gte, inArray, type SQL, sql } from 'drizzle-orm';
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
 * One filter group with counts (decisions 024, 025). A facet reads raw values
 * off a product (a gender, the sizes in stock, whole stars); per style, the
 * values held by its colours that pass every other group's selection are
 * gathered as bits (a bitwise or, a bit per raw value, 63 to a bigint word),
 * and a style counts once towards each option those values give. A new facet
 * is one more entry in FACETS.
 */
interface Facet {
  group: FacetGroup;
  /** Every raw value, in the order of the bits. */
  values(known: KnownFacetValues): readonly string[];
  /** A product's raw values as bigint words of bits over `values` (one word per 63 values). */
  words(values: readonly string[]): SQL[];
  /** The group's own selection as a condition on a product; none when nothing is chosen. */
  selected(selection: FacetSelection): SQL | undefined;
  /** The options a style holding this raw value counts towards. */
  optionsOf(value: string): readonly string[];
  /** Every option to show, in display order. */
  options(known: KnownFacetValues): readonly string[];
}

/** Bits per bigint word: the sign bit stays clear. */
const WORD_BITS = 63;

const wordBit = (index: number) => sql.raw(`${1n << BigInt(index % WORD_BITS)}::bigint`);

/** The words of a column holding one value: its value's bit, a `case` per word. */
const oneOf =
  (column: SQL) =>
  (values: readonly string[]): SQL[] =>
    Array.from({ length: Math.ceil(values.length / WORD_BITS) }, (_, word) => {
      const inWord = values.slice(word * WORD_BITS, (word + 1) * WORD_BITS);
      return sql`case ${column} ${sql.join(
        inWord.map((value, index) => sql`when ${value} then ${wordBit(index)}`),
        sql` `,
      )} else 0 end`;
    });

const chosen = <Item>(list: Item[] | undefined) =>
  list === undefined || list.length === 0 ? undefined : list;

const STARS = ['0', '1', '2', '3', '4', '5'] as const;

export const FACETS: readonly Facet[] = [
  {
    group: 'gender',
    values: (known) => known.genders,
    words: oneOf(sql`${products.gender}`),
    selected: (selection) => {
      const list = chosen(selection.gender);
      return list && inArray(products.gender, list);
    },
    optionsOf: (gender) => [gender],
    options: (known) => known.genders,
  },
  {
    group: 'category',
    values: (known) => known.categories,
    words: oneOf(sql`${products.category}`),
    selected: (selection) => {
      const list = chosen(selection.category);
      return list && inArray(products.category, list);
    },
    optionsOf: (category) => [category],
    options: (known) => known.categories,
  },
  {
    group: 'size',
    values: () => SIZES,
    // Kept with in_stock_sizes (a trigger on product_stock), already as bits in SIZES' order.
    words: () => [sql`${products.inStockSizeBits}::bigint`],
    // The listing's rule: some chosen size in stock.
    selected: (selection) => {
      const list = chosen(selection.size);
      return list && arrayOverlaps(products.inStockSizes, list);
    },
    optionsOf: (size) => [size],
    options: () => SIZES,
  },
  {
    group: 'color',
    values: (known) => known.colors,
    words: oneOf(sql`${products.colorName}`),
    selected: (selection) => {
      const list = chosen(selection.color);
      return list && inArray(products.colorName, list);
    },
    optionsOf: (color) => [color],
    options: (known) => known.colors,
  },
  {
    group: 'rating',
    // Whole stars: the options are whole ("4 & up").
    values: () => STARS,
    words: (values) => [
      sql`case ${sql.join(
        values
          .map(
            (stars, index) =>
              sql`when ${products.rating} >= ${Number(stars)} then ${wordBit(index)}`,
          )
          .reverse(),
        sql` `,
      )} else 0 end`,
    ],
    selected: (selection) =>
      selection.rating === undefined ? undefined : gte(products.rating, selection.rating),
    optionsOf: (stars) =>
      RATING_FACET_OPTIONS.filter((option) => Number(stars) >= option).map(String),
    options: () => RATING_FACET_OPTIONS.map(String),
  },
];

/** Styles alike for every facet: the same raw values and whether listed. */
export interface FacetBucket {
  /** Per facet, the values its colours passing every other group hold. */
  values: string[][];
  /** Whether some colour passes every group's selection: the style is a card of the listing. */
  listed: boolean;
  styles: number;
}

/**
 * Each facet's counts from the buckets: a style counts once towards every
 * option of its values, and towards the total when listed.
 */
export function countFacets(buckets: FacetBucket[], known: KnownFacetValues): ProductFacets {
  const counts = FACETS.map(() => new Map<string, number>());
  let total = 0;
  for (const bucket of buckets) {
    if (bucket.listed) total += bucket.styles;
    FACETS.forEach((entry, index) => {
      const options = new Set(bucket.values[index]?.flatMap((value) => entry.optionsOf(value)));
      const tally = counts[index] as Map<string, number>;
      for (const option of options) tally.set(option, (tally.get(option) ?? 0) + bucket.styles);
    });
  }
  const groups = Object.fromEntries(
    FACETS.map((entry, index) => {
      const tally = counts[index] as Map<string, number>;
      return [
        entry.group,
        entry.options(known).map((value): FacetOption => ({ value, count: tally.get(value) ?? 0 })),
      ];
    }),
  ) as ProductFacets['groups'];
  return { total, groups };
}

/** The values whose bits are set in the words, as the database answers them. */
function valuesOf(values: readonly string[], words: unknown[]): string[] {
  return values.filter((_, index) => {
    const word = words[Math.floor(index / WORD_BITS)];
    if (word === null || word === undefined) return false;
    return ((BigInt(String(word)) >> BigInt(index % WORD_BITS)) & 1n) === 1n;
  });
}

/**
 * The styles with a colour matching `where` (search, price, on sale), grouped
 * by what they show each facet. Two steps: the colours grouped by style,
 * streaming in products_on_sale_styles_idx's order with no hashing, each
 * facet's words the bitwise or of those of the style's colours that pass
 * every other group's selection; then the styles grouped by their words, a
 * few thousand buckets. One pass, however many facets there are.
 */
export async function findFacetBuckets(
  db: Database,
  where: SQL | undefined,
  selection: FacetSelection,
  known: KnownFacetValues,
): Promise<FacetBucket[]> {
  const selected = FACETS.map((entry) => entry.selected(selection));
  const passingOthers = (index: number) => {
    const others = selected.filter((_, at) => at !== index);
    return others.some(Boolean) ? sql` filter (where ${and(...others)})` : sql``;
  };
  const values = FACETS.map((entry) => entry.values(known));
  const words = FACETS.map((entry, index) => entry.words(values[index] ?? []));
  const names = words.map((list, index) => list.map((_, word) => `w${index}_${word}`));
  const aggregates = words.flatMap((list, index) =>
    list.map(
      (word, at) =>
        sql`bit_or(${word})${passingOthers(index)} as ${sql.raw(names[index]?.[at] ?? '')}`,
    ),
  );
  const listed = and(...selected) ?? sql`true`;
  const columns = sql.raw([...names.flat(), 'listed'].join(', '));
  const result = await db.execute(sql`
    select ${columns}, count(*)::int as styles
    from (
      select ${sql.join(aggregates, sql`, `)}, bool_or(${listed}) as listed
      from ${products}
      where ${where ?? sql`true`}
      group by ${products.styleId}
    ) per_style
    group by ${columns}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    values: FACETS.map((_, index) =>
      valuesOf(
        values[index] ?? [],
        (names[index] ?? []).map((name) => row[name]),
      ),
    ),
    listed: row.listed === true,
    styles: Number(row.styles),
  }));
}
