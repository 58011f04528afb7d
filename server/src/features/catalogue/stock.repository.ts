import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Size } from '#contract';
import type { Database } from '#server/db/client.ts';
import { productStock, products } from '#server/db/schema/catalogue.ts';

export interface StockLine {
  productId: string;
  size: Size;
  quantity: number;
}

/**
 * Lines in lock order (product id, then size). A stock take locks the product
 * rows first (as the owner's edit, `lockProduct`, does), then the stock rows: the trigger that
 * keeps `in_stock_sizes` writes the product row when a size sells out or comes
 * back, so a take that locked a stock row before its product could wait on a
 * take holding that product while it waits for the stock row: a deadlock.
 */
const inLockOrder = <Line extends StockLine>(lines: Line[]) =>
  [...lines].sort((a, b) =>
    a.productId === b.productId
      ? a.size.localeCompare(b.size)
      : a.productId.localeCompare(b.productId),
  );

/** Locks the lines' products, in id order, for the stock and sales writes that follow. */
async function lockProducts(db: Database, lines: StockLine[]): Promise<void> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  if (ids.length === 0) return;
  await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('no key update');
}

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
  await lockProducts(db, lines);
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

/** Of these products, those left with no size in stock (`in_stock_sizes`, kept by trigger). */
async function findEmptiedProducts(db: Database, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), sql`cardinality(${products.inStockSizes}) = 0`));
  return rows.map((row) => row.id);
}

/** What a stock take sold out: sizes it took the last unit of, and products left with none. */
export interface SoldOut {
  sizes: StockLine[];
  emptiedProductIds: string[];
}

/**
 * Takes stock for every line in lock order, or answers which line is short;
 * says what it sold out (decision 026: a size gone out of stock changes the
 * listings filtered by it, the facets and the filters; a product with no
 * size left, every answer showing its colour).
 */
export async function takeStockFor<Line extends StockLine>(
  db: Database,
  lines: Line[],
): Promise<{ shortage?: { short: Line; left: number }; soldOut: SoldOut }> {
  const soldOut: SoldOut = { sizes: [], emptiedProductIds: [] };
  await lockProducts(db, lines);
  for (const line of inLockOrder(lines)) {
    const left = await takeStock(db, line);
    if (left === undefined)
      return { shortage: { short: line, left: await findStock(db, line) }, soldOut };
    if (left === 0) soldOut.sizes.push(line);
  }
  await recordSales(db, lines);
  if (soldOut.sizes.length > 0) {
    soldOut.emptiedProductIds = await findEmptiedProducts(
      db,
      soldOut.sizes.map((line) => line.productId),
    );
  }
  return { soldOut };
}
