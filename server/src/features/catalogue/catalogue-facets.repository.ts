import { gte, type SQL, sql } from 'drizzle-orm';
import {
  CUSTOMISABLE_FACET_OPTION,
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
  customisable?: boolean | undefined;
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
 * off a product (a gender, the sizes in stock, whole stars) as bits; every
 * facet's bits are laid end to end in bigint words (usually one), and per
 * style the words of its colours are gathered (a bitwise or), each facet's
 * part kept only from colours that pass every other group's selection. A
 * style counts once towards each option those values give. A new facet is
 * one more entry in FACETS.
 */
interface Facet {
  group: FacetGroup;
  /** Every raw value, at the position of its bit. */
  values(codes: FacetCodes): readonly string[];
  /** A product's values `part.first` to `part.first + part.count - 1` as bigint bits from `part.at`. */
  bits(part: WordPart): SQL;
  /** The group's own selection as a condition on a product; none when nothing is chosen. */
  selected(selection: FacetSelection, codes: FacetCodes): SQL | undefined;
  /** The options a style holding this raw value counts towards. */
  optionsOf(value: string): readonly string[];
  /** Every option to show, in display order. */
  options(known: KnownFacetValues): readonly string[];
}

/** Bits per bigint word: the sign bit stays clear, so every shift stays in range. */
const WORD_BITS = 63;

const number = (value: number | bigint) => sql.raw(String(value));

const chosen = <Item>(list: Item[] | undefined) =>
  list === undefined || list.length === 0 ? undefined : list;

/** The bits from `part.at` for `part.count` values, as a bigint mask. */
const partMask = (part: WordPart) => ((1n << BigInt(part.count)) - 1n) << BigInt(part.at);

/**
 * A facet whose value a product holds as a small integer (genders,
 * categories and colours by code, whole stars): its bit is one shift. A
 * value past the part (a code first written after the codes were read)
 * sets no bit: `least` keeps the shift in range and the mask drops what
 * lands past the part, cheaper per product than a `case`, which only a
 * facet continued from the previous word needs.
 */
const shiftedBit = (column: SQL, part: WordPart) =>
  part.first === 0
    ? sql`(1::bigint << least(${column} + ${number(part.at)}, 63)) & ${number(partMask(part))}`
    : sql`case when ${column} >= ${number(part.first)} and ${column} < ${number(part.first + part.count)} then 1::bigint << (${column} - ${number(part.first - part.at)}) else 0 end`;

/**
 * A facet whose value a product holds as a code (genders, categories,
 * colours): its selection a test of codes, so no text is compared per
 * product. The column and the test read only the facets' indexes
 * (products_on_sale_facet_pass_idx without a search,
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
    bits: (part) => shiftedBit(column, part),
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
    bits: (part) =>
      part.first === 0 && part.count === SIZES.length
        ? sql`${products.inStockSizeBits}::bigint << ${number(part.at)}`
        : sql`((${products.inStockSizeBits} >> ${number(part.first)})::bigint << ${number(part.at)}) & ${number(partMask(part))}`,
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
    bits: (part) => shiftedBit(sql`${products.ratingStars}`, part),
    // A whole minimum is met by the whole stars (floor(rating) >= n exactly when
    // rating >= n): a small integer test instead of a numeric one per product.
    selected: (selection) =>
      selection.rating === undefined
        ? undefined
        : Number.isInteger(selection.rating)
          ? gte(products.ratingStars, selection.rating)
          : gte(products.rating, selection.rating),
    optionsOf: (stars) =>
      RATING_FACET_OPTIONS.filter((option) => Number(stars) >= option).map(String),
    options: () => RATING_FACET_OPTIONS.map(String),
  },
  {
    // Issue 28: one option, the styles with a colour shoppers may design on.
    group: 'customisable',
    values: () => [CUSTOMISABLE_FACET_OPTION],
    bits: (part) =>
      sql`case when ${products.customisable} then ${number(1n << BigInt(part.at))}::bigint else 0::bigint end`,
    selected: (selection) => (selection.customisable ? sql`${products.customisable}` : undefined),
    optionsOf: (value) => [value],
    options: () => [CUSTOMISABLE_FACET_OPTION],
  },
];

/**
 * Where each facet's values sit in the words: facet after facet, value after
 * value, then one bit more, `listed`, for "a colour passes every group". A
 * part is the run of one facet's values inside one word.
 */
interface WordPart {
  facet: number;
  /** The facet's first value in this part, and how many follow. */
  first: number;
  count: number;
  /** Its first value's bit in the word. */
  at: number;
}

function layOut(facetSizes: readonly number[]) {
  const words: WordPart[][] = [];
  let position = 0;
  facetSizes.forEach((size, facet) => {
    for (let first = 0; first < size; ) {
      const at = position % WORD_BITS;
      const count = Math.min(size - first, WORD_BITS - at);
      const word = Math.floor(position / WORD_BITS);
      words[word] ??= [];
      words[word].push({ facet, first, count, at });
      first += count;
      position += count;
    }
  });
  const listed = { word: Math.floor(position / WORD_BITS), bit: position % WORD_BITS };
  const wordCount = Math.max(words.length, listed.word + 1);
  /** The bit of value `value` of facet `facet`, as a mask per word. */
  const maskOf = (facet: number, value: number): bigint[] => {
    const masks = Array.from({ length: wordCount }, () => 0n);
    words.forEach((parts, word) => {
      for (const part of parts) {
        if (part.facet === facet && value >= part.first && value < part.first + part.count) {
          masks[word] = 1n << BigInt(part.at + value - part.first);
        }
      }
    });
    return masks;
  };
  return { words, listed, wordCount, maskOf };
}

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
 * sale), in one pass however many facets there are. Per product, once, from
 * small integers only: its words (every facet's bits, and `listed`) and
 * which groups' selections it passes (`passes`, a bit per group). Per style,
 * streaming in style order with no hashing, one bitwise or per word of each
 * colour's bits that may count: all of them for a colour passing every
 * group, the one facet's bits for a colour failing that facet's group alone
 * (a group's counts ignore its own selection), none otherwise. Then the
 * styles are grouped by their words, a few thousand buckets, and each option
 * sums the styles of the buckets holding one of its values (a mask per
 * word), so a style counts once towards each option however many of its
 * values give it. One row comes back, not the buckets.
 */
export async function findFacetCounts(
  db: Database,
  where: SQL | undefined,
  selection: FacetSelection,
  known: KnownFacetValues,
  codes: FacetCodes,
): Promise<ProductFacets> {
  const values = FACETS.map((entry) => entry.values(codes));
  const layout = layOut(values.map((list) => list.length));
  const names = Array.from({ length: layout.wordCount }, (_, word) => sql.raw(`w${word}`));
  const selected = FACETS.map((entry) => entry.selected(selection, codes));
  const everyGroup = (1 << FACETS.length) - 1;
  const perProduct = names.map((name, word) => {
    const parts = (layout.words[word] ?? []).map((part) => {
      // Bitwise operators share one precedence in SQL, left to right: each part in parentheses.
      return sql`(${FACETS[part.facet]?.bits(part) ?? sql`0`})`;
    });
    if (layout.listed.word === word) parts.push(number(1n << BigInt(layout.listed.bit)));
    return sql`${sql.join(parts, sql` | `)} as ${name}`;
  });
  // What of a word a colour may give its style, by which groups it passes: a
  // group with nothing chosen passes every product, so without a selection all of it.
  const keptOf = (word: number) => {
    const failingOne = selected.flatMap((condition, facet) => {
      if (!condition) return [];
      const mask = (layout.words[word] ?? [])
        .filter((part) => part.facet === facet)
        .reduce((bits, part) => bits | partMask(part), 0n);
      return mask === 0n
        ? []
        : [sql` when ${number(everyGroup ^ (1 << facet))} then ${number(mask)}`];
    });
    return sql`case passes when ${number(everyGroup)} then -1${sql.join(failingOne, sql``)} else 0 end`;
  };
  const anySelected = selected.some(Boolean);
  const passes = anySelected
    ? sql.join(
        selected.map((condition, index) =>
          condition
            ? sql`case when ${condition} then ${number(1 << index)} else 0 end`
            : number(1 << index),
        ),
        sql` | `,
      )
    : number(everyGroup);
  // A colour failing two groups or more gives nothing: left out before the grouping.
  const givesSomething = anySelected
    ? sql`where passes in (${sql.join(
        [
          number(everyGroup),
          ...selected.flatMap((condition, facet) =>
            condition ? [number(everyGroup ^ (1 << facet))] : [],
          ),
        ],
        sql`, `,
      )})`
    : sql``;
  const perStyle = names.map((name, word) =>
    anySelected
      ? sql`bit_or(${name} & ${keptOf(word)}) as ${name}`
      : sql`bit_or(${name}) as ${name}`,
  );
  const holds = (masks: bigint[]) => {
    const tests = masks.flatMap((mask, word) =>
      mask === 0n ? [] : [sql`(${names[word] ?? sql`0`} & ${number(mask)}) <> 0`],
    );
    return tests.length === 0
      ? sql`0`
      : sql`coalesce(sum(styles) filter (where ${sql.join(tests, sql` or `)}), 0)::int`;
  };
  // Per option, a mask per word: the bits of the values counting towards it.
  const sums = FACETS.flatMap((entry, facet) => {
    const options = entry.options(known);
    const position = new Map(options.map((option, at) => [option, at]));
    const masks = options.map(() => names.map(() => 0n));
    values[facet]?.forEach((value, index) => {
      const valueMasks = layout.maskOf(facet, index);
      for (const option of entry.optionsOf(value)) {
        const mask = masks[position.get(option) ?? -1];
        mask?.forEach((bits, word) => {
          mask[word] = bits | (valueMasks[word] ?? 0n);
        });
      }
    });
    return masks.map(holds);
  });
  const listedMask = names.map((_, word) =>
    word === layout.listed.word ? 1n << BigInt(layout.listed.bit) : 0n,
  );
  const columns = sql.join(names, sql`, `);
  // Ordered by style so the grouping streams; `offset 0` keeps the per-product
  // subquery apart, so `passes` is computed once, not again in every word's case.
  const result = await db.execute(sql`
    select array[${holds(listedMask)}, ${sql.join(sums, sql`, `)}] as counts
    from (
      select ${columns}, count(*)::int as styles
      from (
        select ${sql.join(perStyle, sql`, `)}
        from (
          select ${products.styleId} as style_id, ${sql.join(perProduct, sql`, `)}, ${passes} as passes
          from ${products}
          where ${where ?? sql`true`}
          order by ${products.styleId}
          offset 0
        ) per_product
        ${givesSomething}
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
