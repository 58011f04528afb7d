import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Size } from '#contract';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
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

/** The stock of one size now (0 when the size is gone). */
export async function findStock(db: Database, line: Omit<StockLine, 'quantity'>): Promise<number> {
  const [row] = await db
    .select({ stock: productStock.stock })
    .from(productStock)
    .where(and(eq(productStock.productId, line.productId), eq(productStock.size, line.size)));
  return row?.stock ?? 0;
}

/** A list as one text parameter, for `string_to_array` (drizzle spreads an array into several). */
const listOf = (values: (string | number)[]) => values.join(',');

/**
 * Locks the lines' products in id order and counts their units sold (D23), in
 * one statement: the locking select runs first (a materialized CTE), each
 * product's lock taken in id order before the update writes it.
 */
async function lockProductsAndRecordSales(db: Database, lines: StockLine[]): Promise<void> {
  const units = unitsPerProduct(lines);
  if (units.length === 0) return;
  const ids = listOf(units.map(([id]) => id));
  await db.execute(sql`
    with locked as materialized (
      select ${products.id} from ${products}
      where ${products.id} = any(string_to_array(${ids}, ',')::uuid[])
      order by ${products.id}
      for no key update
    )
    update ${products} set units_sold = ${products.unitsSold} + sold.quantity
    from locked
    join unnest(
      string_to_array(${ids}, ',')::uuid[],
      string_to_array(${listOf(units.map(([, quantity]) => quantity))}, ',')::int[]
    ) as sold(id, quantity) on sold.id = locked.id
    where ${products.id} = locked.id`);
}

const sizeKey = (line: Omit<StockLine, 'quantity'>) => `${line.productId} ${line.size}`;

/**
 * The lines in lock order by product and size, each size with the units all
 * its lines ask (a cart may hold one size twice, in two designs).
 */
function bySize<Line extends StockLine>(lines: Line[]): { size: StockLine; lines: Line[] }[] {
  const groups = new Map<string, { size: StockLine; lines: Line[] }>();
  for (const line of inLockOrder(lines)) {
    const group = groups.get(sizeKey(line));
    if (group) {
      group.size.quantity += line.quantity;
      group.lines.push(line);
    } else {
      const { productId, size, quantity } = line;
      groups.set(sizeKey(line), { size: { productId, size, quantity }, lines: [line] });
    }
  }
  return [...groups.values()];
}

/** Which of a short size's lines runs out, taken in order, and what is left for it. */
async function shortLine<Line extends StockLine>(
  db: Database,
  { size, lines }: { size: StockLine; lines: Line[] },
): Promise<{ short: Line; left: number }> {
  let left = await findStock(db, size);
  for (const line of lines) {
    if (left < line.quantity) return { short: line, left };
    left -= line.quantity;
  }
  // Unreachable while the product is locked: the stock cannot have grown since the take.
  return { short: lines[lines.length - 1] as Line, left };
}

/**
 * Takes every size's units in one conditional update: a stock row changes only
 * if it holds all its lines ask, atomically, so concurrent checkouts never
 * oversell (D18). Answers the stock left of each size taken; a size short is
 * absent and unchanged. The products are locked already, so the order in which
 * the statement reaches the stock rows cannot deadlock: every writer of a
 * product's stock holds that product first.
 */
async function takeSizes(db: Database, sizes: StockLine[]): Promise<Map<string, number>> {
  const rows = rowsOf<{ product_id: string; size: string; stock: number }>(
    await db.execute(sql`
      update ${productStock} set stock = ${productStock.stock} - wanted.quantity
      from unnest(
        string_to_array(${listOf(sizes.map((line) => line.productId))}, ',')::uuid[],
        string_to_array(${listOf(sizes.map((line) => line.size))}, ','),
        string_to_array(${listOf(sizes.map((line) => line.quantity))}, ',')::int[]
      ) as wanted(product_id, size, quantity)
      where ${productStock.productId} = wanted.product_id
        and ${productStock.size} = wanted.size
        and ${productStock.stock} >= wanted.quantity
      returning ${productStock.productId} as product_id, ${productStock.size} as size, ${productStock.stock} as stock`),
  );
  return new Map(
    rows.map((row) => [
      sizeKey({ productId: row.product_id, size: row.size as Size }),
      Number(row.stock),
    ]),
  );
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
 * Takes stock for every line, or answers which line is short (the caller
 * rolls back: the other lines' stock and the units sold are written by then);
 * says what it sold out (decision 026: a size gone out of stock changes the
 * listings filtered by it, the facets and the filters; a product with no
 * size left, every answer showing its colour). Three statements however many
 * lines: products locked and their sales counted, every size taken, and only
 * after a sell-out, the products left with nothing.
 */
export async function takeStockFor<Line extends StockLine>(
  db: Database,
  lines: Line[],
): Promise<{ shortage?: { short: Line; left: number }; soldOut: SoldOut }> {
  const soldOut: SoldOut = { sizes: [], emptiedProductIds: [] };
  if (lines.length === 0) return { soldOut };
  await lockProductsAndRecordSales(db, lines);
  const groups = bySize(lines);
  const left = await takeSizes(
    db,
    groups.map((group) => group.size),
  );
  for (const group of groups) {
    const stock = left.get(sizeKey(group.size));
    if (stock === undefined) return { shortage: await shortLine(db, group), soldOut };
    if (stock === 0) soldOut.sizes.push(group.size);
  }
  if (soldOut.sizes.length > 0) {
    soldOut.emptiedProductIds = await findEmptiedProducts(
      db,
      soldOut.sizes.map((line) => line.productId),
    );
  }
  return { soldOut };
}
