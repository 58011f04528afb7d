import {
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  notExists,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LISTING_EXACT_TOTAL_MAX, type Size, type SortBy } from '#contract';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import {
  type ImageRow,
  type ProductRow,
  productImages,
  productStock,
  products,
  type StockRow,
  type StyleColorRow,
  searchDocuments,
  searchTerms,
} from '#server/db/schema/catalogue.ts';

const {
  searchVector: _searchVector,
  searchDocument: _searchDocument,
  inStockSizes: _inStockSizes,
  inStockSizeBits: _inStockSizeBits,
  styleLead: _styleLead,
  searchLead: _searchLead,
  ...columns
} = getTableColumns(products);
/** Every product column but those only the database's queries need (search vector and document, sizes in stock, style and search leads). */
export const productColumns = columns;

/** A listing request in the database's terms (paise, words, offsets). */
export interface ProductQuery {
  /** Per search word, the catalogue's words close to it: a product must match one of each. */
  terms: string[][];
  genders?: string[] | undefined;
  categories?: string[] | undefined;
  sizes?: Size[] | undefined;
  /** Colour names, matched exactly. */
  colors?: string[] | undefined;
  minPricePaise?: number | undefined;
  maxPricePaise?: number | undefined;
  minRating?: number | undefined;
  /** Only products shoppers may design on (issue 28). */
  customisable?: boolean | undefined;
  sortBy: SortBy;
  offset: number;
  limit: number;
}

/** A product is on sale until the owner archives it (D25). */
export const onSale = isNull(products.archivedAt);

/** How close (trigram similarity) a catalogue word must be to stand in for a misspelt one. */
const TERM_SIMILARITY = 0.3;
/** The same for a misspelt word found inside a longer one ('tshrt' in 'tshirts'). */
const TERM_WORD_SIMILARITY = 0.5;
const TERMS_PER_WORD = 12;

/**
 * The catalogue's own words that stand for each search word, closest first:
 * the word itself and words it begins ('hood' → 'hoodie', 'tee' → 'tees').
 * Only a word the catalogue does not contain is matched loosely, to the words
 * a typo away ('tshrt' → 'tshirt', 'tshirts'), so that a correctly spelt
 * 'tshirt' does not also find sweatshirts.
 */
export async function findSearchTerms(db: Database, words: string[]): Promise<string[][]> {
  if (words.length === 0) return [];
  const list = sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  );
  const term = searchTerms.term;
  const rows = await db.execute(sql`
    select w.position, t.term
    from unnest(array[${list}]::text[]) with ordinality as w(word, position)
    cross join lateral (
      select ${term} as term
      from ${searchTerms}
      where ${term} = w.word
         or (length(w.word) >= 3 and ${term} like w.word || '%')
         or (
           not exists (select 1 from ${searchTerms} known where known.term = w.word)
           and (similarity(${term}, w.word) >= ${TERM_SIMILARITY}
                or word_similarity(w.word, ${term}) >= ${TERM_WORD_SIMILARITY})
         )
      order by ${term} = w.word desc,
               greatest(similarity(${term}, w.word), word_similarity(w.word, ${term})) desc,
               ${term}
      limit ${TERMS_PER_WORD}
    ) t`);
  const groups: string[][] = words.map(() => []);
  for (const row of rowsOf<{ position: string | number; term: string }>(rows)) {
    groups[Number(row.position) - 1]?.push(row.term);
  }
  return groups;
}

/** A tsquery that needs one term of each group: ('tshirt' | 'tshirts') & ('navy'). */
function toTsQuery(terms: string[][]): SQL {
  const quote = (term: string) => `'${term.replaceAll("'", "''")}'`;
  const query = terms.map((group) => `(${group.map(quote).join(' | ')})`).join(' & ');
  return sql`cast(${query} as tsquery)`;
}

/** The columns a listing sorts by: the products' own, or a search's matches with their rank. */
interface SortKeys {
  id: SQLWrapper;
  pricePaise: SQLWrapper;
  rating: SQLWrapper;
  createdAt: SQLWrapper;
  unitsSold: SQLWrapper;
  /** How well a product matches the search words; absent when there are none. */
  rank?: SQLWrapper;
}

function orderFor(sortBy: SortBy, keys: SortKeys): SQL[] {
  switch (sortBy) {
    case 'priceAsc':
      return [asc(keys.pricePaise), asc(keys.id)];
    case 'priceDesc':
      return [desc(keys.pricePaise), desc(keys.id)];
    case 'ratingAsc':
      return [asc(keys.rating), desc(keys.id)];
    case 'newest':
      return [desc(keys.createdAt), asc(keys.id)];
    case 'bestSelling':
      return [desc(keys.unitsSold), desc(keys.rating), asc(keys.id)];
    case 'relevance':
      if (keys.rank) return [desc(keys.rank), desc(keys.rating), asc(keys.id)];
      return orderFor('ratingDesc', keys);
    case 'ratingDesc':
      return [desc(keys.rating), asc(keys.id)];
  }
}

const earlierColour = alias(products, 'earlier_colour');
type ProductTable = typeof products | typeof earlierColour;

/**
 * What a search matches: the search documents (decision 028) with one term of
 * each group. Every search, the listing's and the facets', matches through it.
 */
function documentMatches(terms: string[][]): SQL {
  return sql`${searchDocuments.searchVector} @@ ${toTsQuery(terms)}`;
}

/** Products on sale matching the search words and the price range: what every facet count starts from. */
export function searchAndPriceWhere(
  query: Pick<ProductQuery, 'terms' | 'minPricePaise' | 'maxPricePaise'>,
  table: ProductTable = products,
): SQL | undefined {
  return and(
    isNull(table.archivedAt),
    query.terms.length > 0
      ? sql`${table.searchDocument} in (select ${searchDocuments.key} from ${searchDocuments} where ${documentMatches(query.terms)})`
      : undefined,
    query.minPricePaise === undefined ? undefined : gte(table.pricePaise, query.minPricePaise),
    query.maxPricePaise === undefined ? undefined : lte(table.pricePaise, query.maxPricePaise),
  );
}

/** What a listing asks of one product, on the products table or its alias. */
function matching(table: ProductTable, query: ProductQuery): SQL | undefined {
  return and(
    searchAndPriceWhere(query, table),
    query.genders ? inArray(table.gender, query.genders) : undefined,
    query.categories ? inArray(table.category, query.categories) : undefined,
    query.colors ? inArray(table.colorName, query.colors) : undefined,
    query.sizes ? arrayOverlaps(table.inStockSizes, query.sizes) : undefined,
    query.minRating === undefined ? undefined : gte(table.rating, query.minRating),
    query.customisable ? eq(table.customisable, true) : undefined,
  );
}

/** Whether a listing asks more of a product than being on sale. */
function isFiltered(query: ProductQuery): boolean {
  return (
    query.terms.length > 0 ||
    [query.genders, query.categories, query.sizes, query.colors].some((list) => list?.length) ||
    [query.minPricePaise, query.maxPricePaise, query.minRating].some(
      (bound) => bound !== undefined,
    ) ||
    Boolean(query.customisable)
  );
}

/** How many rows a select of style ids gives, stopping after `upTo` of them when given. */
function countOf(styles: SQLWrapper, upTo?: number): SQL {
  return sql`select count(*) from (${styles}${upTo === undefined ? sql`` : sql` limit ${upTo}`}) styles`;
}

/** One page of a listing: its product ids, in order, and how many cards the listing has. */
export interface ProductPageIds {
  ids: string[];
  /** Exact, or when `moreThanTotal`, how many cards are known to exist. */
  total: number;
  /** The count stopped at {@link LISTING_EXACT_TOTAL_MAX}: there are more cards than `total`. */
  moreThanTotal: boolean;
}

/**
 * The ids of one page of products on sale, in order, and how many there are
 * in all, in one statement (decision 023). Without search, every listing
 * order has an index holding every filtered column: the page and the count
 * are two index scans. With search, the matches are read once: a window
 * counts them while they are ranked and sorted. A search with no filter reads
 * only the search leads (decision 028).
 *
 * One card per style (decision 018): a product is listed when no colour of
 * its style added before it also matches the query, so a style shows in its
 * first colour, or in the first colour the filters ask for, and the total
 * counts styles. A style's first colour on sale (`style_lead`, decision 025)
 * has no earlier colour: only the other colours need the probe, one lookup
 * in products_style_idx, and an unfiltered listing is its style leads.
 *
 * Without search the count stops after {@link LISTING_EXACT_TOTAL_MAX} styles
 * (decision 028): a count of every match was most of a filtered listing's
 * time at 100k products. The page reads one row past its end, so a listing
 * past the cap still knows whether a next page exists.
 */
export async function findProductPage(db: Database, query: ProductQuery): Promise<ProductPageIds> {
  // The styles with a matching colour: one pass in style order (products_on_sale_styles_idx)
  // instead of probing for an earlier matching colour per match.
  const matchingStyles = db
    .selectDistinct({ styleId: products.styleId })
    .from(products)
    .where(matching(products, query));
  if (query.terms.length === 0) {
    const filtered = isFiltered(query);
    const where = filtered
      ? and(
          matching(products, query),
          or(
            products.styleLead,
            notExists(
              db
                .select({ id: earlierColour.id })
                .from(earlierColour)
                .where(
                  and(
                    eq(earlierColour.styleId, products.styleId),
                    sql`(${earlierColour.createdAt}, ${earlierColour.id}) < (${products.createdAt}, ${products.id})`,
                    matching(earlierColour, query),
                  ),
                ),
            ),
          ),
        )
      : and(onSale, products.styleLead);
    const page = db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...orderFor(query.sortBy, products))
      .limit(query.limit + 1)
      .offset(query.offset);
    // Unfiltered, a style's lead stands for it: one index entry per style.
    const styles = filtered
      ? matchingStyles
      : db.select({ styleId: products.styleId }).from(products).where(where);
    const [row] = rowsOf<{ counted: number; ids: string[] }>(
      await db.execute(
        sql`select (${countOf(styles, LISTING_EXACT_TOTAL_MAX + 1)})::int as counted, array(${page})::text[] as ids`,
      ),
    );
    const counted = row?.counted ?? 0;
    const ids = row?.ids ?? [];
    const pageIds = ids.slice(0, query.limit);
    if (counted <= LISTING_EXACT_TOTAL_MAX)
      return { ids: pageIds, total: counted, moreThanTotal: false };
    if (ids.length > query.limit) {
      // The row past this page exists: more cards than up to this page's end.
      const known = Math.max(LISTING_EXACT_TOTAL_MAX, query.offset + query.limit);
      return { ids: pageIds, total: known, moreThanTotal: true };
    }
    if (ids.length > 0)
      return { ids: pageIds, total: query.offset + ids.length, moreThanTotal: false };
    // A page past the last, of a listing past the cap: count them all to say where the last page is.
    const [exact] = rowsOf<{ total: number }>(
      await db.execute(sql`select (${countOf(styles)})::int as total`),
    );
    return { ids: [], total: exact?.total ?? 0, moreThanTotal: false };
  }
  // Search reads every match anyway: each style's first matching colour is the
  // first of its matches, found by a window over them, with no probe per match.
  // Without filters it is the style's first colour with matching words, always a
  // search lead (decision 028): only those are read and
  // windowed, a third of the matches when a style's colours share their words.
  // The words are matched and ranked once per search document (decision 028), and
  // its products read from products_on_sale_search_idx alone. `offset 0` keeps the
  // rank computed in the documents' scan: without it the planner carries each
  // vector through the join and the sort and ranks after them.
  const filters = { ...query, terms: [] };
  const rankedDocuments = db
    .select({
      key: searchDocuments.key,
      rank: sql<number>`ts_rank(${searchDocuments.searchVector}, ${toTsQuery(query.terms)})`.as(
        'rank',
      ),
    })
    .from(searchDocuments)
    .where(documentMatches(query.terms));
  const matches = db
    .select({
      id: products.id,
      pricePaise: products.pricePaise,
      rating: products.rating,
      createdAt: products.createdAt,
      unitsSold: products.unitsSold,
      rank: sql<number>`documents.rank`.as('rank'),
      colourNumber:
        sql<number>`row_number() over (partition by ${products.styleId} order by ${products.createdAt}, ${products.id})`.as(
          'colour_number',
        ),
    })
    .from(sql`(${rankedDocuments} offset 0) documents`)
    .innerJoin(products, sql`${products.searchDocument} = documents.key`)
    .where(isFiltered(filters) ? matching(products, filters) : and(onSale, products.searchLead))
    .as('matches');
  const rows = await db
    .select({ id: matches.id, total: sql<number>`(count(*) over ())::int` })
    .from(matches)
    .where(eq(matches.colourNumber, 1))
    .orderBy(...orderFor(query.sortBy, matches))
    .limit(query.limit)
    .offset(query.offset);
  if (rows.length > 0 || query.offset === 0) {
    return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0, moreThanTotal: false };
  }
  // A page past the last has no row to carry the total: count apart.
  const [count] = rowsOf<{ total: number }>(
    await db.execute(sql`select (${countOf(matchingStyles)})::int as total`),
  );
  return { ids: [], total: count?.total ?? 0, moreThanTotal: false };
}

/** Products on sale by id, in the order of the ids given. */
export async function findProductsInOrder(db: Database, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.id, ids), onSale));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * 'You may also like': products on sale of other styles of the same category and
 * gender with some size in stock, best rated and best selling first.
 */
export async function findRelatedProducts(
  db: Database,
  product: Pick<ProductRow, 'styleId' | 'category' | 'gender'>,
  limit: number,
): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(products)
    .where(
      and(
        onSale,
        eq(products.category, product.category),
        eq(products.gender, product.gender),
        ne(products.styleId, product.styleId),
        sql`cardinality(${products.inStockSizes}) > 0`,
      ),
    )
    .orderBy(desc(products.rating), desc(products.unitsSold), asc(products.id))
    .limit(limit);
}

export async function findProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), onSale));
  return row;
}

/** The HSN codes of products, on sale or not (an order's lines may be archived since), by id. */
export async function findProductHsns(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, hsn: products.hsn })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.hsn]));
}

/** Every product on sale and when it last changed, oldest first (the sitemap). */
export async function findLiveProductDates(
  db: Database,
): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(onSale)
    .orderBy(asc(products.createdAt), asc(products.id));
}

/** Stock rows and image ids of the given products, for the mapper to attach. */
export async function findProductDetails(
  db: Database,
  productIds: string[],
): Promise<{ stock: StockRow[]; images: ImageRow[] }> {
  if (productIds.length === 0) return { stock: [], images: [] };
  const [stock, images] = await Promise.all([
    db
      .select({
        productId: productStock.productId,
        size: productStock.size,
        stock: productStock.stock,
      })
      .from(productStock)
      .where(inArray(productStock.productId, productIds)),
    db
      .select({ productId: productImages.productId, imageId: productImages.imageId })
      .from(productImages)
      .where(inArray(productImages.productId, productIds))
      .orderBy(asc(productImages.productId), asc(productImages.position)),
  ]);
  return { stock, images };
}

/**
 * Every colour on sale of the styles of the given products, each style's in
 * the order its colours were added (decision 018).
 */
export async function findStyleColors(
  db: Database,
  productIds: string[],
): Promise<StyleColorRow[]> {
  if (productIds.length === 0) return [];
  const styles = db
    .select({ styleId: products.styleId })
    .from(products)
    .where(inArray(products.id, productIds));
  return db
    .select({
      productId: products.id,
      styleId: products.styleId,
      colorName: products.colorName,
      colorHex: products.colorHex,
      inStock: sql<boolean>`cardinality(${products.inStockSizes}) > 0`,
    })
    .from(products)
    .where(and(onSale, inArray(products.styleId, styles)))
    .orderBy(asc(products.styleId), asc(products.createdAt), asc(products.id));
}

/**
 * The distinct values of an indexed product column among products on sale,
 * by a loose index scan: one index probe per distinct value instead of a
 * pass over every product (PostgreSQL has no skip scan before version 18).
 */
async function distinctOnSale(
  db: Database,
  column: typeof products.category | typeof products.gender | typeof products.colorName,
): Promise<string[]> {
  const rows = await db.execute(sql`
    with recursive found(value) as (
      select min(${column}) from ${products} where ${onSale}
      union all
      select (select min(${column}) from ${products} where ${column} > found.value and ${onSale})
      from found where found.value is not null
    )
    select value from found where value is not null`);
  return rowsOf<{ value: string }>(rows).map((row) => row.value);
}

/** Which of the given sizes some product on sale has in stock; each probe stops at the first. */
export async function sizesInStock(db: Database, sizes: readonly Size[]): Promise<Size[]> {
  const rows = await Promise.all(
    sizes.map((size) =>
      db
        .select({ size: productStock.size })
        .from(productStock)
        .innerJoin(products, eq(products.id, productStock.productId))
        .where(and(eq(productStock.size, size), sql`${productStock.stock} > 0`, onSale))
        .limit(1),
    ),
  );
  return rows.flat().map((row) => row.size);
}

/**
 * The colour names on sale, each with one hex to draw it: the first in
 * products_color_idx, should two products give one name different hexes.
 */
async function colorsOnSale(db: Database): Promise<{ name: string; hex: string }[]> {
  const names = await distinctOnSale(db, products.colorName);
  if (names.length === 0) return [];
  const list = sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );
  const rows = await db.execute(sql`
    select n.name, (
      select ${products.colorHex} from ${products}
      where ${products.colorName} = n.name and ${onSale}
      order by ${products.colorHex} limit 1
    ) as hex
    from unnest(array[${list}]::text[]) with ordinality as n(name, position)
    order by n.position`);
  return rowsOf<{ name: string; hex: string }>(rows);
}

/** The genders, categories and colours on sale (the facets list each, counted or 0). */
export async function findKnownFacetValues(
  db: Database,
): Promise<{ genders: string[]; categories: string[]; colors: string[] }> {
  const [genders, categories, colors] = await Promise.all([
    distinctOnSale(db, products.gender),
    distinctOnSale(db, products.category),
    distinctOnSale(db, products.colorName),
  ]);
  return { genders, categories, colors };
}

export async function findFilterValues(db: Database, sizes: readonly Size[]) {
  const [inStock, categories, genders, colors, [prices]] = await Promise.all([
    sizesInStock(db, sizes),
    distinctOnSale(db, products.category),
    distinctOnSale(db, products.gender),
    colorsOnSale(db),
    db
      .select({
        min: sql<number | null>`min(${products.pricePaise})`,
        max: sql<number | null>`max(${products.pricePaise})`,
      })
      .from(products)
      .where(onSale),
  ]);
  return {
    sizes: inStock,
    categories,
    genders,
    colors,
    minPricePaise: prices?.min ?? 0,
    maxPricePaise: prices?.max ?? 0,
  };
}

export async function countProducts(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  return row?.count ?? 0;
}
