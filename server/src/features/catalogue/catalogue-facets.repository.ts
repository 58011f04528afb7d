import { gte, type SQL, sql } from 'drizzle-orm';
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
import { type CODED_FACETS, facetCodes, products } from '#server/db/schema/catalogue.ts';

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

type CodedFacet = (typeof CODED_FACETS)[number];

/** Per coded facet, its values by code (facet_codes): the value coded n is bit n. */
export type FacetCodes = Record<CodedFacet, string[]>;

/** Every value of the gender, category and colour facets by its code. */
export async function findFacetCodes(db: Database): Promise<FacetCodes> {
  const rows = await db
    .select({ facet: facetCodes.facet, value: facetCodes.value, code: facetCodes.code })
    .from(facetCodes);
  const codes: FacetCodes = { gender: [], category: [], color: [] };
  for (const row of rows) codes[row.facet][row.code] = row.value;
  return codes;
}

/**
 * One filter group with counts (decisions 024, 025). A facet reads raw values
 * off a product (a gender, the sizes in stock, whole stars) as bits, 31 to an
 * integer word; per style, the bits of its colours that pass every other
 * group's selection are gathered (a bitwise or), and a style counts once
 * towards each option those values give. A new facet is one more entry in
 * FACETS.
 */
interface Facet {
  group: FacetGroup;
  /** Every raw value, at the position of its bit. */
  values(codes: FacetCodes): readonly string[];
  /** A product's raw values as integer words of bits over `values` (one word per 31 values). */
  words(values: readonly string[]): SQL[];
  /** The group's own selection as a condition on a product; none when nothing is chosen. */
  selected(selection: FacetSelection, codes: FacetCodes): SQL | undefined;
  /** The options a style holding this raw value counts towards. */
  optionsOf(value: string): readonly string[];
  /** Every option to show, in display order. */
  options(known: KnownFacetValues): readonly string[];
}

/** Bits per integer word: the sign bit stays clear, so a word reads as a plain number. */
const WORD_BITS = 31;

const number = (value: number) => sql.raw(String(value));

const chosen = <Item>(list: Item[] | undefined) =>
  list === undefined || list.length === 0 ? undefined : list;

/**
 * A facet whose value a product holds as a code (genders, categories,
 * colours): its bit is one shift of the code, its selection a test of codes,
 * so no text is compared per product. The column and the test read only
 * the facets' indexes (products_on_sale_facet_pass_idx without a search,
 * products_on_sale_facets_idx with one).
 */
function codedFacet(
  group: CodedFacet,
  column: SQL,
  options: (known: KnownFacetValues) => readonly string[],
): Facet {
  return {
    group,
    values: (codes) => codes[group],
    words: (values) =>
      Array.from({ length: Math.ceil(values.length / WORD_BITS) }, (_, word) => {
        const first = word * WORD_BITS;
        // A code past the words (a value first written after the codes were read) sets no bit.
        const inWord =
          first === 0
            ? sql`${column} < ${number(WORD_BITS)}`
            : sql`${column} >= ${number(first)} and ${column} < ${number(first + WORD_BITS)}`;
        return sql`case when ${inWord} then 1 << (${column} - ${number(first)}) else 0 end`;
      }),
    // The listing's rule, the value is one of those chosen, on their codes; a value
    // never written has no code and matches nothing.
    selected: (selection, codes) => {
      const list = chosen(selection[group]);
      if (!list) return undefined;
      const wanted = codes[group].flatMap((value, code) => (list.includes(value) ? [code] : []));
      if (wanted.length === 0) return sql`false`;
      return sql`${column} in (${sql.join(wanted.map(number), sql`, `)})`;
    },
    optionsOf: (value) => [value],
    options,
  };
}

const STARS = ['0', '1', '2', '3', '4', '5'] as const;

export const FACETS: readonly Facet[] = [
  codedFacet('gender', sql`${products.genderCode}`, (known) => known.genders),
  codedFacet('category', sql`${products.categoryCode}`, (known) => known.categories),
  {
    group: 'size',
    values: () => SIZES,
    // Kept with in_stock_sizes (a trigger on product_stock), already as bits in SIZES' order.
    words: () => [sql`${products.inStockSizeBits}`],
    // The listing's rule, some chosen size in stock (`in_stock_sizes && list`), on the same
    // sizes as bits: one integer test instead of an array overlap per product.
    selected: (selection) => {
      const list = chosen(selection.size);
      if (!list) return undefined;
      const bits = list.reduce((mask, size) => mask | (1 << SIZES.indexOf(size)), 0);
      return sql`(${products.inStockSizeBits} & ${number(bits)}) <> 0`;
    },
    optionsOf: (size) => [size],
    options: () => SIZES,
  },
  codedFacet('color', sql`${products.colorCode}`, (known) => known.colors),
  {
    group: 'rating',
    // Whole stars (a generated column): the options are whole ("4 & up").
    values: () => STARS,
    words: () => [sql`1 << ${products.ratingStars}`],
    selected: (selection) =>
      selection.rating === undefined ? undefined : gte(products.rating, selection.rating),
    optionsOf: (stars) =>
      RATING_FACET_OPTIONS.filter((option) => Number(stars) >= option).map(String),
    options: () => RATING_FACET_OPTIONS.map(String),
  },
];

/** Every facet's options (the values in `known`) in display order, each with the next of `counts`. */
function facetGroups(known: KnownFacetValues, counts: () => number): ProductFacets['groups'] {
  return Object.fromEntries(
    FACETS.map((entry) => [
      entry.group,
      entry.options(known).map((value): FacetOption => ({ value, count: counts() })),
    ]),
  ) as ProductFacets['groups'];
}

/** What no product matches shows: every option, counted 0. */
export function noFacets(known: KnownFacetValues): ProductFacets {
  return { total: 0, groups: facetGroups(known, () => 0) };
}

/**
 * Each facet's counts for the products matching `where` (search, price, on
 * sale), in one pass however many facets there are. Per product, once: each
 * facet's words and which groups' selections it passes (`passes`, a bit per
 * group), from small integers only. Per style, streaming in style order with
 * no hashing: each facet's words are the bitwise or of those of its colours
 * that pass every other group, one integer test per colour. Then the styles
 * are grouped by their words, a few thousand buckets, and each option sums
 * the styles of the buckets holding one of its values (a mask per word), so
 * a style counts once towards each option however many of its values give
 * it; the total sums the listed buckets. One row comes back, not the buckets.
 */
export async function findFacetCounts(
  db: Database,
  where: SQL | undefined,
  selection: FacetSelection,
  known: KnownFacetValues,
  codes: FacetCodes,
): Promise<ProductFacets> {
  const words = FACETS.map((entry) => entry.words(entry.values(codes)));
  const names = words.map((list, index) => list.map((_, word) => `w${index}_${word}`));
  const selected = FACETS.map((entry) => entry.selected(selection, codes));
  // A group with nothing chosen passes every product.
  const passes = sql.join(
    selected.map((condition, index) =>
      condition
        ? sql`case when ${condition} then ${number(1 << index)} else 0 end`
        : number(1 << index),
    ),
    sql` | `,
  );
  const everyGroup = number((1 << FACETS.length) - 1);
  const passingOthers = (index: number) =>
    selected.some((condition, at) => condition && at !== index)
      ? sql` filter (where passes | ${number(1 << index)} = ${everyGroup})`
      : sql``;
  const listed = selected.some(Boolean) ? sql`bool_or(passes = ${everyGroup})` : sql`true`;
  const perProduct = words.flatMap((list, index) =>
    list.map((word, at) => sql`${word} as ${sql.raw(names[index]?.[at] ?? '')}`),
  );
  const perStyle = names.flatMap((list, index) =>
    list.map((name) => sql`bit_or(${sql.raw(name)})${passingOthers(index)} as ${sql.raw(name)}`),
  );
  const columns = sql.raw([...names.flat(), 'listed'].join(', '));
  const options = FACETS.map((entry) => entry.options(known));
  // Per option, a mask per word of the facet: the bits of the values counting towards it.
  const sums = FACETS.flatMap((entry, index) => {
    const position = new Map(options[index]?.map((option, at) => [option, at]));
    const masks = options[index]?.map(() => (names[index] ?? []).map(() => 0)) ?? [];
    entry.values(codes).forEach((value, bit) => {
      for (const option of entry.optionsOf(value)) {
        const at = position.get(option);
        const mask = at === undefined ? undefined : masks[at];
        const word = Math.floor(bit / WORD_BITS);
        if (mask) mask[word] = (mask[word] ?? 0) | (1 << (bit % WORD_BITS));
      }
    });
    return masks.map((mask) => {
      const holds = mask.flatMap((bits, word) =>
        bits === 0 ? [] : [sql`(${sql.raw(names[index]?.[word] ?? '')} & ${number(bits)}) <> 0`],
      );
      return holds.length === 0
        ? sql`0`
        : sql`coalesce(sum(styles) filter (where ${sql.join(holds, sql` or `)}), 0)::int`;
    });
  });
  // Ordered by style so the grouping streams; `offset 0` keeps the per-product
  // subquery apart, so `passes` is computed once, not again in every facet's filter.
  const result = await db.execute(sql`
    select array[coalesce(sum(styles) filter (where listed), 0)::int, ${sql.join(sums, sql`, `)}] as counts
    from (
      select ${columns}, count(*)::int as styles
      from (
        select ${sql.join(perStyle, sql`, `)}, ${listed} as listed
        from (
          select ${products.styleId} as style_id, ${sql.join(perProduct, sql`, `)}, ${passes} as passes
          from ${products}
          where ${where ?? sql`true`}
          order by ${products.styleId}
          offset 0
        ) per_product
        group by style_id
      ) per_style
      group by ${columns}
    ) buckets`);
  const [total = 0, ...counts] = (rowsOf<{ counts: number[] }>(result)[0]?.counts ?? []).map(
    Number,
  );
  let next = 0;
  return { total, groups: facetGroups(known, () => counts[next++] ?? 0) };
}
