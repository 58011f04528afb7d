import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lte,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import { SIZES, type SortBy } from '#contract';
import type { Database } from '#server/db/client.ts';
import { productImages, productStock, products, searchTerms } from '#server/db/schema/catalogue.ts';
import { likeEscaped } from '#server/lib/like.ts';

/** Every product column but the search vector, which only the database needs. */
const { searchVector: _searchVector, ...productColumns } = getTableColumns(products);

export type ProductRow = Omit<typeof products.$inferSelect, 'searchVector'>;
export type StockRow = { productId: string; size: string; stock: number };
export type ImageRow = { productId: string; imageId: string };

/** A listing request in the database's terms (paise, words, offsets). */
export interface ProductQuery {
  /** Per search word, the catalogue's words close to it: a product must match one of each. */
  terms: string[][];
  genders?: string[] | undefined;
  categories?: string[] | undefined;
  sizes?: string[] | undefined;
  minPricePaise?: number | undefined;
  maxPricePaise?: number | undefined;
  minRating?: number | undefined;
  sortBy: SortBy;
  offset: number;
  limit: number;
}

export interface NewProduct {
  title: string;
  description: string;
  pricePaise: number;
  rating: number;
  gender: string;
  category: string;
  isNew: boolean;
  unitsSold?: number;
  createdAt?: Date;
  stock: { size: string; stock: number }[];
  imageIds: string[];
}

const onSale = isNull(products.archivedAt);

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

/** node-postgres answers `{ rows }`, PGlite's driver the same; keep both readable. */
function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}

/** A tsquery that needs one term of each group: ('tshirt' | 'tshirts') & ('navy'). */
function toTsQuery(terms: string[][]): SQL {
  const quote = (term: string) => `'${term.replaceAll("'", "''")}'`;
  const query = terms.map((group) => `(${group.map(quote).join(' | ')})`).join(' & ');
  return sql`cast(${query} as tsquery)`;
}

function orderFor(sortBy: SortBy, terms: string[][]): SQL[] {
  switch (sortBy) {
    case 'priceAsc':
      return [asc(products.pricePaise), asc(products.id)];
    case 'priceDesc':
      return [desc(products.pricePaise), desc(products.id)];
    case 'ratingAsc':
      return [asc(products.rating), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), asc(products.id)];
    case 'bestSelling':
      return [desc(products.unitsSold), desc(products.rating), asc(products.id)];
    case 'relevance':
      if (terms.length > 0) {
        const rank = sql`ts_rank(${products.searchVector}, ${toTsQuery(terms)})`;
        return [desc(rank), desc(products.rating), asc(products.id)];
      }
      return orderFor('ratingDesc', terms);
    case 'ratingDesc':
      return [desc(products.rating), asc(products.id)];
  }
}

export async function findProductPage(
  db: Database,
  query: ProductQuery,
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = and(
    onSale,
    query.terms.length > 0 ? sql`${products.searchVector} @@ ${toTsQuery(query.terms)}` : undefined,
    query.genders ? inArray(products.gender, query.genders) : undefined,
    query.categories ? inArray(products.category, query.categories) : undefined,
    query.sizes
      ? sql`exists (select 1 from ${productStock} where ${productStock.productId} = ${products.id} and ${inArray(productStock.size, query.sizes)} and ${productStock.stock} > 0)`
      : undefined,
    query.minPricePaise === undefined ? undefined : gte(products.pricePaise, query.minPricePaise),
    query.maxPricePaise === undefined ? undefined : lte(products.pricePaise, query.maxPricePaise),
    query.minRating === undefined ? undefined : gte(products.rating, query.minRating),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...orderFor(query.sortBy, query.terms))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), onSale));
  return row;
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
 * The distinct values of an indexed product column among products on sale,
 * by a loose index scan: one index probe per distinct value instead of a
 * pass over every product (PostgreSQL has no skip scan before version 18).
 */
async function distinctOnSale(
  db: Database,
  column: typeof products.category | typeof products.gender,
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
async function sizesInStock(db: Database, sizes: readonly string[]): Promise<string[]> {
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

export async function findFilterValues(db: Database, sizes: readonly string[]) {
  const [inStock, categories, genders, [prices]] = await Promise.all([
    sizesInStock(db, sizes),
    distinctOnSale(db, products.category),
    distinctOnSale(db, products.gender),
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
    minPricePaise: prices?.min ?? 0,
    maxPricePaise: prices?.max ?? 0,
  };
}

export async function countProducts(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  return row?.count ?? 0;
}

export async function insertProduct(db: Database, product: NewProduct): Promise<string> {
  return db.transaction(async (tx) => {
    const { stock, imageIds, ...fields } = product;
    const [row] = await tx.insert(products).values(fields).returning({ id: products.id });
    if (!row) throw new Error('Inserting a product returned no row');
    if (stock.length > 0) {
      await tx.insert(productStock).values(stock.map((line) => ({ productId: row.id, ...line })));
    }
    if (imageIds.length > 0) {
      await tx
        .insert(productImages)
        .values(imageIds.map((imageId, position) => ({ productId: row.id, position, imageId })));
    }
    return row.id;
  });
}

/**
 * Inserts many products with three multi-row statements in one transaction,
 * for bulk loads (the bench). Keep each call to a few thousand products: a
 * statement takes at most 65,535 parameters. Returns the new ids in order.
 */
export async function insertProducts(db: Database, list: NewProduct[]): Promise<string[]> {
  if (list.length === 0) return [];
  const ids = list.map(() => randomUUID());
  const rows = list.map(({ stock, imageIds, ...fields }, index) => ({
    id: ids[index] as string,
    ...fields,
  }));
  const stock = list.flatMap((product, index) =>
    product.stock.map((line) => ({ productId: ids[index] as string, ...line })),
  );
  const pictures = list.flatMap((product, index) =>
    product.imageIds.map((imageId, position) => ({
      productId: ids[index] as string,
      position,
      imageId,
    })),
  );
  await db.transaction(async (tx) => {
    await tx.insert(products).values(rows);
    if (stock.length > 0) await tx.insert(productStock).values(stock);
    if (pictures.length > 0) await tx.insert(productImages).values(pictures);
  });
  return ids;
}

export interface StockLine {
  productId: string;
  size: string;
  quantity: number;
}

/**
 * Stock rows, then product rows, always in one order (product id, then size):
 * transactions that lock several never wait on each other in a circle.
 */
const inLockOrder = <Line extends StockLine>(lines: Line[]) =>
  [...lines].sort((a, b) =>
    a.productId === b.productId
      ? a.size.localeCompare(b.size)
      : a.productId.localeCompare(b.productId),
  );

function unitsPerProduct(lines: StockLine[]): [string, number][] {
  const units = new Map<string, number>();
  for (const line of inLockOrder(lines)) {
    units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  }
  return [...units];
}

/**
 * Takes units of one size out of stock, only if that many are there: the
 * conditional update is atomic, so concurrent checkouts never oversell (D18).
 * Returns the stock left, or undefined (changing nothing) when it is short.
 */
export async function takeStock(db: Database, line: StockLine): Promise<number | undefined> {
  const [row] = await db
    .update(productStock)
    .set({ stock: sql`${productStock.stock} - ${line.quantity}` })
    .where(
      and(
        eq(productStock.productId, line.productId),
        eq(productStock.size, line.size),
        gte(productStock.stock, line.quantity),
      ),
    )
    .returning({ stock: productStock.stock });
  return row?.stock;
}

/** The stock of one size now (0 when the size is gone). */
export async function findStock(db: Database, line: Omit<StockLine, 'quantity'>): Promise<number> {
  const [row] = await db
    .select({ stock: productStock.stock })
    .from(productStock)
    .where(and(eq(productStock.productId, line.productId), eq(productStock.size, line.size)));
  return row?.stock ?? 0;
}

/** Counts units sold, for 'Best Sellers' (D23); call after the stock is taken. */
export async function recordSales(db: Database, lines: StockLine[]): Promise<void> {
  for (const [productId, quantity] of unitsPerProduct(lines)) {
    await db
      .update(products)
      .set({ unitsSold: sql`${products.unitsSold} + ${quantity}` })
      .where(eq(products.id, productId));
  }
}

/** Puts units back and uncounts their sale, as when an order is cancelled. */
export async function returnStock(db: Database, lines: StockLine[]): Promise<void> {
  for (const line of inLockOrder(lines)) {
    await db
      .insert(productStock)
      .values({ productId: line.productId, size: line.size, stock: line.quantity })
      .onConflictDoUpdate({
        target: [productStock.productId, productStock.size],
        set: { stock: sql`${productStock.stock} + ${line.quantity}` },
      });
  }
  for (const [productId, quantity] of unitsPerProduct(lines)) {
    await db
      .update(products)
      .set({ unitsSold: sql`greatest(${products.unitsSold} - ${quantity}, 0)` })
      .where(eq(products.id, productId));
  }
}

/** Takes stock for every line in lock order, or answers which line is short. */
export async function takeStockFor<Line extends StockLine>(
  db: Database,
  lines: Line[],
): Promise<{ short: Line; left: number } | undefined> {
  for (const line of inLockOrder(lines)) {
    if ((await takeStock(db, line)) === undefined) {
      return { short: line, left: await findStock(db, line) };
    }
  }
  await recordSales(db, lines);
  return undefined;
}

// ---------------------------------------------------------------- the owner's reads and writes (D25)

export interface AdminProductQuery {
  /** Contained in title, category, gender or description (any case), or the start of the id. */
  search?: string | undefined;
  /** Only archived (true) or only on sale (false) products; every product when undefined. */
  archived?: boolean | undefined;
  offset: number;
  limit: number;
}

/** Every product, archived ones included, newest first. */
export async function findAdminProductPage(
  db: Database,
  query: AdminProductQuery,
): Promise<{ rows: ProductRow[]; total: number }> {
  const pattern = query.search ? `%${likeEscaped(query.search)}%` : undefined;
  const where = and(
    pattern
      ? sql`(${products.title} ilike ${pattern} or ${products.category} ilike ${pattern} or ${products.gender} ilike ${pattern} or ${products.description} ilike ${pattern} or ${products.id}::text like ${`${likeEscaped(query.search?.toLowerCase() ?? '')}%`})`
      : undefined,
    query.archived === undefined
      ? undefined
      : query.archived
        ? sql`${products.archivedAt} is not null`
        : onSale,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), asc(products.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** A product whether on sale or archived. */
export async function findAnyProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id));
  return row;
}

/**
 * Locks a product for a change by its owner: its stock rows first, then the
 * product row, the order checkout takes them in (stock, then units sold), so
 * the two never wait on each other in a circle. A checkout that took the
 * stock first has committed its order by the time this returns.
 */
export async function lockProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  await db
    .select({ size: productStock.size })
    .from(productStock)
    .where(eq(productStock.productId, id))
    .orderBy(asc(productStock.size))
    .for('update');
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row;
}

export type ProductChanges = Pick<
  NewProduct,
  'title' | 'description' | 'pricePaise' | 'gender' | 'category' | 'isNew'
>;

export async function updateProduct(
  db: Database,
  id: string,
  changes: ProductChanges,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning(productColumns);
  return row;
}

/** Sets the stock of each size given; sizes left out are no longer sold (their rows go). */
export async function replaceProductStock(
  db: Database,
  productId: string,
  stock: { size: string; stock: number }[],
): Promise<void> {
  const sizes = stock.map((line) => line.size);
  await db
    .delete(productStock)
    .where(
      and(
        eq(productStock.productId, productId),
        sizes.length > 0 ? notInArray(productStock.size, sizes) : undefined,
      ),
    );
  for (const line of [...stock].sort((a, b) => a.size.localeCompare(b.size))) {
    await db
      .insert(productStock)
      .values({ productId, ...line })
      .onConflictDoUpdate({
        target: [productStock.productId, productStock.size],
        set: { stock: line.stock },
      });
  }
}

/** The product's pictures become these images, in this order. */
export async function replaceProductImages(
  db: Database,
  productId: string,
  imageIds: string[],
): Promise<void> {
  await db.delete(productImages).where(eq(productImages.productId, productId));
  if (imageIds.length > 0) {
    await db
      .insert(productImages)
      .values(imageIds.map((imageId, position) => ({ productId, position, imageId })));
  }
}

/** Archived products leave the shop (listing, detail, carts) but stay for their orders. */
export async function setProductArchived(
  db: Database,
  id: string,
  archived: boolean,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning(productColumns);
  return row;
}

/** Deletes a product with its stock, pictures and cart lines; its images stay stored. */
export async function deleteProduct(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

/**
 * Sizes of products on sale with this many units or fewer: the first `limit`
 * of them (fewest units, then title, then size order) and how many there are.
 */
export async function findLowStock(db: Database, threshold: number, limit: number) {
  const where = and(onSale, lte(productStock.stock, threshold));
  const sizeOrder = sql`array_position(array[${sql.join(
    SIZES.map((size) => sql`${size}`),
    sql`, `,
  )}]::text[], ${productStock.size})`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        productId: productStock.productId,
        title: products.title,
        size: productStock.size,
        stock: productStock.stock,
      })
      .from(productStock)
      .innerJoin(products, eq(products.id, productStock.productId))
      .where(where)
      .orderBy(asc(productStock.stock), asc(products.title), asc(productStock.productId), sizeOrder)
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(productStock)
      .innerJoin(products, eq(products.id, productStock.productId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
