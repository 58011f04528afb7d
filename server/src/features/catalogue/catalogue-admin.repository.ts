import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { defaultHsn, type PriceBreak, type Size } from '#contract';
import type { Database } from '#server/db/client.ts';
import {
  type ProductCustomisationColumns,
  type ProductRow,
  productImages,
  productStock,
  products,
} from '#server/db/schema/catalogue.ts';
import { likeEscaped } from '#server/lib/like.ts';
import { onSale, productColumns } from './catalogue-listing.repository.ts';

// The owner's reads and writes (D25), and the bulk inserts the seed and the bench use.

export interface NewProduct {
  title: string;
  description: string;
  pricePaise: number;
  rating: number;
  gender: string;
  category: string;
  /** Its HSN code (issue 26); left out: its category's default. */
  hsn?: string;
  isNew: boolean;
  /** The style this colour joins; without it the product starts a style of its own. */
  styleId?: string;
  colorName: string;
  colorHex: string;
  /** Designs on it (D27); left out: not customisable, the default print areas. */
  customisation?: ProductCustomisationColumns;
  /** Price by quantity (issue 29); left out: none. */
  priceBreaks?: PriceBreak[];
  unitsSold?: number;
  createdAt?: Date;
  stock: { size: Size; stock: number }[];
  imageIds: string[];
}

/**
 * The sizes in stock, as the stock trigger would set them: written with the
 * product, the trigger then finds nothing to change and the row is written once.
 */
const inStockSizes = (stock: NewProduct['stock']): Size[] =>
  stock.filter((line) => line.stock > 0).map((line) => line.size);

export async function insertProduct(db: Database, product: NewProduct): Promise<string> {
  return db.transaction(async (tx) => {
    const { stock, imageIds, customisation, ...fields } = product;
    const [row] = await tx
      .insert(products)
      .values({
        ...fields,
        hsn: fields.hsn ?? defaultHsn(fields.category),
        ...customisation,
        inStockSizes: inStockSizes(stock),
      })
      .returning({ id: products.id });
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
  const rows = list.map(({ stock, imageIds, customisation, ...fields }, index) => ({
    id: ids[index] as string,
    ...fields,
    hsn: fields.hsn ?? defaultHsn(fields.category),
    inStockSizes: inStockSizes(stock),
    ...customisation,
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

export async function styleExists(db: Database, styleId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.styleId, styleId))
    .limit(1);
  return row !== undefined;
}

/**
 * The price breaks a style's colours share (issue 29), read from a colour
 * other than `exceptId` (the one joining); [] for a style with none.
 */
export async function findStylePriceBreaks(
  db: Database,
  styleId: string,
  exceptId: string,
): Promise<PriceBreak[]> {
  const [row] = await db
    .select({ priceBreaks: products.priceBreaks })
    .from(products)
    .where(and(eq(products.styleId, styleId), ne(products.id, exceptId)))
    .limit(1);
  return row?.priceBreaks ?? [];
}

/** Gives every colour of a style these price breaks: they share one list (issue 29). */
export async function setStylePriceBreaks(
  db: Database,
  styleId: string,
  priceBreaks: PriceBreak[],
): Promise<void> {
  await db
    .update(products)
    .set({ priceBreaks, updatedAt: new Date() })
    .where(eq(products.styleId, styleId));
}

/** A product whether on sale or archived. */
export async function findAnyProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id));
  return row;
}

/**
 * Locks a product for a change by its owner: the product row first, then its
 * stock rows, the order a stock take locks them in (stock.repository.ts), so
 * the two never wait on each other in a circle. A checkout that locked the
 * product first has committed its order by the time this returns.
 */
export async function lockProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  await db
    .select({ size: productStock.size })
    .from(productStock)
    .where(eq(productStock.productId, id))
    .orderBy(asc(productStock.size))
    .for('update');
  return row;
}

export type ProductChanges = Pick<
  NewProduct,
  | 'title'
  | 'description'
  | 'pricePaise'
  | 'gender'
  | 'category'
  | 'hsn'
  | 'isNew'
  | 'colorName'
  | 'colorHex'
  | 'styleId'
> &
  Partial<ProductCustomisationColumns>;

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

/** The product's rating as its visible reviews give it (D28): their average and count. */
export async function setProductRating(
  db: Database,
  id: string,
  rating: { average: number; count: number },
): Promise<void> {
  await db
    .update(products)
    .set({ rating: rating.average, reviewCount: rating.count })
    .where(eq(products.id, id));
}

/** Sets the stock of each size given; sizes left out are no longer sold (their rows go). */
export async function replaceProductStock(
  db: Database,
  productId: string,
  stock: { size: Size; stock: number }[],
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
