import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Size } from '#contract';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { pendingUnitsSold, productStock, products } from '#server/db/schema/catalogue.ts';
import { sizesInStock } from './catalogue-listing.repository.ts';
import { type CatalogueChange, tagList } from './catalogue-version.repository.ts';

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
 * Puts units back and uncounts their sale (in the ledger, as the take counted
 * it), as when an order is cancelled.
 */
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
  await db
    .insert(pendingUnitsSold)
    .values(unitsPerProduct(lines).map(([productId, units]) => ({ productId, units: -units })));
}

/**
 * Folds the units sold ledger into the products' counts (the database's
 * `tally_units_sold`, migration 0027); answers how many products' counts changed.
 */
export async function tallyUnitsSold(db: Database): Promise<number> {
  const [row] = rowsOf<{ tallied: number }>(
    await db.execute(sql`select tally_units_sold() as tallied`),
  );
  return Number(row?.tallied ?? 0);
}

/** Each product's units sold: those tallied and those the ledger still holds. */
export async function findUnitsSold(db: Database, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      units: sql<number>`greatest(${products.unitsSold} + coalesce(sum(${pendingUnitsSold.units}), 0), 0)::int`,
    })
    .from(products)
    .leftJoin(pendingUnitsSold, eq(pendingUnitsSold.productId, products.id))
    .where(inArray(products.id, ids))
    .groupBy(products.id);
  return new Map(rows.map((row) => [row.id, row.units]));
}

/** Of these products, those left with no size in stock (`in_stock_sizes`, kept by trigger). */
async function findEmptiedProducts(db: Database, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), sql`cardinality(${products.inStockSizes}) = 0`));
  return rows.map((row) => row.id);
}

/**
 * What a stock take sold out: sizes it took the last unit of, products left
 * with none, and the sizes no product on sale has in stock anymore; and the
 * stock it left of every size it took, as the version's tags name it.
 */
export interface SoldOut {
  sizes: StockLine[];
  emptiedProductIds: string[];
  sizesGone: Size[];
  stockLeftTags: string[];
}

/**
 * Takes stock for every line, or answers which line is short (the caller
 * rolls back: the other lines' stock and the units sold are written by then);
 * says what it sold out (decision 026: a size gone out of stock changes the
 * listings filtered by it and the facets; a product with no size left, every
 * answer showing its colour; a size no product has left, the filters).
 *
 * One call into the database, `take_stock` (migrations 0025 to 0028): the
 * products locked in id order, every size taken in one conditional update,
 * so concurrent checkouts never oversell (D18, decision 005), and the sales
 * added to the units sold ledger. When every size was taken and
 * none sold out (nearly every take), the same call bumps the catalogue
 * version with `change` and the stock it left (`versionBumped`); otherwise
 * the caller bumps it with what sold out. Only after a sell-out
 * do more statements ask which products were left with nothing and which
 * sizes no product has left.
 */
export async function takeStockFor<Line extends StockLine>(
  db: Database,
  lines: Line[],
  change: CatalogueChange,
): Promise<{ shortage?: { short: Line; left: number }; soldOut: SoldOut; versionBumped: boolean }> {
  const soldOut: SoldOut = { sizes: [], emptiedProductIds: [], sizesGone: [], stockLeftTags: [] };
  if (lines.length === 0) return { soldOut, versionBumped: false };
  const units = unitsPerProduct(lines);
  const groups = bySize(lines);
  const sizes = groups.map((group) => group.size);
  const rows = rowsOf<{
    taken_product_id: string;
    taken_size: string;
    stock_left: number;
    stock_tag: string;
  }>(
    await db.execute(sql`
      select taken_product_id, taken_size, stock_left, stock_tag from take_stock(
        string_to_array(${listOf(units.map(([id]) => id))}, ',')::uuid[],
        string_to_array(${listOf(units.map(([, quantity]) => quantity))}, ',')::int[],
        string_to_array(${listOf(sizes.map((line) => line.productId))}, ',')::uuid[],
        string_to_array(${listOf(sizes.map((line) => line.size))}, ','),
        string_to_array(${listOf(sizes.map((line) => line.quantity))}, ',')::int[],
        ${tagList(change)}::text
      )`),
  );
  const left = new Map(
    rows.map((row) => [
      sizeKey({ productId: row.taken_product_id, size: row.taken_size as Size }),
      Number(row.stock_left),
    ]),
  );
  for (const group of groups) {
    const stock = left.get(sizeKey(group.size));
    if (stock === undefined) {
      return { shortage: await shortLine(db, group), soldOut, versionBumped: false };
    }
    if (stock === 0) soldOut.sizes.push(group.size);
  }
  if (soldOut.sizes.length === 0) return { soldOut, versionBumped: true };
  soldOut.stockLeftTags = rows.map((row) => row.stock_tag);
  const soldOutSizes = [...new Set(soldOut.sizes.map((line) => line.size))];
  const [emptiedProductIds, stillInStock] = await Promise.all([
    findEmptiedProducts(
      db,
      soldOut.sizes.map((line) => line.productId),
    ),
    sizesInStock(db, soldOutSizes),
  ]);
  soldOut.emptiedProductIds = emptiedProductIds;
  soldOut.sizesGone = soldOutSizes.filter((size) => !stillInStock.includes(size));
  return { soldOut, versionBumped: false };
}
