import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Design, Personalisation, Size } from '#contract';
import type { Database } from '#server/db/client.ts';
import { cartItems, cartOptions } from '#server/db/schema/cart.ts';
import type { ProductRow } from '#server/db/schema/catalogue.ts';
import { products } from '#server/db/schema/catalogue.ts';

export type CartItemRow = typeof cartItems.$inferSelect;
export type CartOptionsRow = typeof cartOptions.$inferSelect;

/** A cart line with the product it holds, as the mapper needs both. */
export interface CartLineRow {
  item: CartItemRow;
  product: ProductRow;
}

export interface NewCartItem {
  userId: string;
  productId: string;
  size: Size;
  quantity: number;
  /** A customised line's design and the uploads it uses (D27). */
  design?: Design | null;
  imageIds?: string[];
  /** One roster piece's name and number (issue 29); only on a customised line. */
  personalisation?: Personalisation | null;
  /** The group entry whose piece it is (decisions 060, 072). */
  groupEntryId?: string | null;
}

/** The unique index holds plain lines only: a customised line never conflicts (D27). */
const PLAIN_LINE_CONFLICT = {
  target: [cartItems.userId, cartItems.productId, cartItems.size],
  where: sql`${cartItems.design} is null`,
};

/** A line whose product has left the shop (archived) is not shown, priced or ordered. */
const productOnSale = isNull(products.archivedAt);

/** A user's lines of products on sale, oldest first; only the selected ones when asked. */
export async function findCartLines(
  db: Database,
  userId: string,
  options: { selectedOnly?: boolean } = {},
): Promise<CartLineRow[]> {
  return db
    .select({ item: cartItems, product: products })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(
      and(
        eq(cartItems.userId, userId),
        productOnSale,
        options.selectedOnly ? eq(cartItems.selected, true) : undefined,
      ),
    )
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** One line of this user (another user's line is a miss), with its product on sale. */
export async function findCartLine(
  db: Database,
  userId: string,
  id: string,
): Promise<CartLineRow | undefined> {
  const [row] = await db
    .select({ item: cartItems, product: products })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId), productOnSale));
  return row;
}

/**
 * Adds a line; undefined when it is plain and the user already has this
 * product in this size as a plain line (the unique index
 * cart_items_plain_line_key decides, race-free).
 */
export async function insertCartItem(
  db: Database,
  line: NewCartItem,
): Promise<CartItemRow | undefined> {
  const [row] = await db
    .insert(cartItems)
    .values(line)
    .onConflictDoNothing(PLAIN_LINE_CONFLICT)
    .returning();
  return row;
}

/** The lines as given, each a microsecond younger than the one before, so the cart keeps their order. */
const inOrder = (lines: NewCartItem[]) =>
  lines.map((line, index) => ({
    ...line,
    createdAt: sql`now() + ${index}::int * interval '1 microsecond'`,
  }));

/**
 * Adds several lines at once; a plain line the user already has grows by the
 * quantity given instead (the unique index decides, race-free).
 */
export async function addCartLines(db: Database, lines: NewCartItem[]): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insert(cartItems)
    .values(inOrder(lines))
    .onConflictDoUpdate({
      target: PLAIN_LINE_CONFLICT.target,
      targetWhere: PLAIN_LINE_CONFLICT.where,
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
    });
}

/** Which of these group entries already have a line in the user's cart (decision 072). */
export async function findGroupEntriesInCart(
  db: Database,
  userId: string,
  entryIds: string[],
): Promise<Set<string>> {
  if (entryIds.length === 0) return new Set();
  const rows = await db
    .select({ entryId: cartItems.groupEntryId })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.groupEntryId, entryIds)));
  return new Set(rows.flatMap(({ entryId }) => entryId ?? []));
}

/**
 * Adds several lines at once, skipping plain lines the user already has. They keep
 * the order given: each is a microsecond younger than the one before.
 */
export async function insertCartItems(db: Database, lines: NewCartItem[]): Promise<void> {
  if (lines.length === 0) return;
  await db.insert(cartItems).values(inOrder(lines)).onConflictDoNothing(PLAIN_LINE_CONFLICT);
}

export async function updateCartItem(
  db: Database,
  userId: string,
  id: string,
  changes: { quantity?: number; selected?: boolean },
): Promise<CartItemRow | undefined> {
  const [row] = await db
    .update(cartItems)
    .set(changes)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning();
  return row;
}

export async function setAllSelected(
  db: Database,
  userId: string,
  selected: boolean,
): Promise<void> {
  await db.update(cartItems).set({ selected }).where(eq(cartItems.userId, userId));
}

/** Removes one line of this user; false when there is no such line. */
export async function deleteCartItem(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

/** Removes these lines of this user (the ordered lines, after checkout: D18). */
export async function deleteCartItems(db: Database, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.id, ids)));
}

/** Which of these product ids name products on sale (a read of the catalogue for the merge). */
export async function findProductIdsOnSale(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), productOnSale));
  return new Set(rows.map((row) => row.id));
}

/** The user's stored cart choices; undefined while they have made none (a new cart). */
export async function findCartOptions(
  db: Database,
  userId: string,
): Promise<CartOptionsRow | undefined> {
  const [row] = await db.select().from(cartOptions).where(eq(cartOptions.userId, userId));
  return row;
}

export type CartOptionsChange = Partial<
  Pick<CartOptionsRow, 'couponCode' | 'giftWrap' | 'giftMessage'>
>;

/**
 * Changes only the given choices in one statement (a first change starts from
 * `defaults`), so two tabs changing different choices at once both count.
 */
export async function updateCartOptions(
  db: Database,
  userId: string,
  defaults: Pick<CartOptionsRow, 'couponCode' | 'giftWrap' | 'giftMessage'>,
  change: CartOptionsChange,
): Promise<CartOptionsRow> {
  const [row] = await db
    .insert(cartOptions)
    .values({ userId, ...defaults, ...change })
    .onConflictDoUpdate({ target: cartOptions.userId, set: { ...change, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('Storing the cart options returned nothing');
  return row;
}

/** Forgets the user's choices: the cart starts again with the defaults (after an order). */
export async function deleteCartOptions(db: Database, userId: string): Promise<void> {
  await db.delete(cartOptions).where(eq(cartOptions.userId, userId));
}
