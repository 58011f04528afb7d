import {
  type AddCartItemBody,
  ALREADY_ADDED_MESSAGE,
  availableQuantityMessage,
  type CartItem,
  type MergeCartBody,
  type Quote,
  type QuoteQuery,
  type UpdateCartItemBody,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import {
  findProduct,
  findProductDetails,
  type StockRow,
} from '#server/features/catalogue/catalogue.repository.ts';
import { badRequest, conflict, notFound } from '#server/lib/app-error.ts';
import { estimatedDelivery } from '#server/lib/dates.ts';
import { isUuid } from '#server/lib/ids.ts';
import { toCartItems, toQuote, toSelectedLines } from './cart.mapper.ts';
import {
  deleteCartItem,
  findCartLine,
  findCartLines,
  findProductIdsOnSale,
  insertCartItem,
  insertCartItems,
  type NewCartItem,
  setAllSelected,
  updateCartItem,
} from './cart.repository.ts';
import { findCoupon } from './coupons.repository.ts';
import { type Price, priceLines } from './pricing.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const CART_ITEM_NOT_FOUND = 'Cart item not found';
export const SIZE_NOT_AVAILABLE = 'This size is not available for this product';

/** One selected cart line as checkout orders it, priced from the database (D4). */
export interface SelectedLine {
  cartItemId: string;
  productId: string;
  title: string;
  /** The product's first picture, or '' when it has none. */
  image: string;
  size: string;
  pricePaise: number;
  quantity: number;
}

/** Stock of one size of a product, or undefined when the product has no such size. */
const stockOf = (stock: StockRow[], productId: string, size: string) =>
  stock.find((line) => line.productId === productId && line.size === size)?.stock;

/**
 * The user's selected lines (oldest first) and what they cost with this
 * coupon and gift wrap. The quote shows it and checkout charges it, inside
 * its own transaction: every query runs on the `db` given (D4, D10, D16).
 */
export async function priceSelection(
  db: Database,
  userId: string,
  options: { couponCode?: string | undefined; giftWrap: boolean },
): Promise<{ lines: SelectedLine[]; price: Price }> {
  const rows = await findCartLines(db, userId, { selectedOnly: true });
  const { images } = await findProductDetails(
    db,
    rows.map((row) => row.product.id),
  );
  const lines = toSelectedLines(rows, images);
  const code = options.couponCode?.trim();
  const price = priceLines({
    lines,
    coupon: code ? await findCoupon(db, code) : null,
    giftWrap: options.giftWrap,
    now: new Date(),
  });
  return { lines, price };
}

export function createCartService(db: Database) {
  async function cartOf(userId: string): Promise<CartItem[]> {
    const lines = await findCartLines(db, userId);
    const { stock, images } = await findProductDetails(
      db,
      lines.map((line) => line.product.id),
    );
    return toCartItems(lines, stock, images);
  }

  async function lineOf(userId: string, id: string) {
    const line = isUuid(id) ? await findCartLine(db, userId, id) : undefined;
    if (!line) throw notFound(CART_ITEM_NOT_FOUND);
    return line;
  }

  return {
    getCart: cartOf,

    async addCartItem(userId: string, body: AddCartItemBody): Promise<CartItem> {
      const product = isUuid(body.productId) ? await findProduct(db, body.productId) : undefined;
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      const { stock, images } = await findProductDetails(db, [product.id]);
      const available = stockOf(stock, product.id, body.size);
      if (available === undefined) {
        throw badRequest(SIZE_NOT_AVAILABLE, [{ field: 'size', message: SIZE_NOT_AVAILABLE }]);
      }
      const item = await db.transaction(async (tx) => {
        const row = await insertCartItem(tx, {
          userId,
          productId: product.id,
          size: body.size,
          quantity: body.quantity,
        });
        if (!row) throw conflict(ALREADY_ADDED_MESSAGE);
        // Checked after the insert so a duplicate says so first; a refusal rolls the insert back.
        if (body.quantity > available) throw conflict(availableQuantityMessage(available));
        return row;
      });
      const [cartItem] = toCartItems([{ item, product }], stock, images);
      if (!cartItem) throw new Error('Mapping the new cart line gave nothing');
      return cartItem;
    },

    async updateCartItem(userId: string, id: string, body: UpdateCartItemBody): Promise<CartItem> {
      const line = await lineOf(userId, id);
      const { stock, images } = await findProductDetails(db, [line.product.id]);
      if (body.quantity !== undefined) {
        const available = stockOf(stock, line.product.id, line.item.size) ?? 0;
        if (body.quantity > available) throw conflict(availableQuantityMessage(available));
      }
      const item = await updateCartItem(db, userId, line.item.id, {
        ...(body.quantity !== undefined && { quantity: body.quantity }),
        ...(body.selected !== undefined && { selected: body.selected }),
      });
      if (!item) throw notFound(CART_ITEM_NOT_FOUND);
      const [cartItem] = toCartItems([{ item, product: line.product }], stock, images);
      if (!cartItem) throw new Error('Mapping the updated cart line gave nothing');
      return cartItem;
    },

    async selectAllCartItems(userId: string, selected: boolean): Promise<CartItem[]> {
      await setAllSelected(db, userId, selected);
      return cartOf(userId);
    },

    async removeCartItem(userId: string, id: string): Promise<void> {
      const removed = isUuid(id) && (await deleteCartItem(db, userId, id));
      if (!removed) throw notFound(CART_ITEM_NOT_FOUND);
    },

    /**
     * A visitor's browser cart joins the server cart at sign-in (D17): lines
     * of unknown or archived products, of sizes the product lacks or has none
     * of are skipped, as are lines already in the cart; quantities are capped
     * at stock. Answers the whole cart.
     */
    async mergeCart(userId: string, body: MergeCartBody): Promise<CartItem[]> {
      const ids = [...new Set(body.items.map((line) => line.productId).filter(isUuid))];
      const onSale = await findProductIdsOnSale(db, ids);
      const { stock } = await findProductDetails(db, [...onSale]);
      const seen = new Set<string>();
      const lines: NewCartItem[] = [];
      for (const line of body.items) {
        const key = `${line.productId}\u0000${line.size}`;
        if (!onSale.has(line.productId) || seen.has(key)) continue;
        seen.add(key);
        const available = stockOf(stock, line.productId, line.size) ?? 0;
        if (available === 0) continue;
        lines.push({
          userId,
          productId: line.productId,
          size: line.size,
          quantity: Math.min(line.quantity, available),
        });
      }
      await insertCartItems(db, lines);
      return cartOf(userId);
    },

    priceSelection,

    async getCartQuote(userId: string, query: QuoteQuery): Promise<Quote> {
      const { lines, price } = await priceSelection(db, userId, {
        couponCode: query.couponCode,
        giftWrap: query.giftWrap,
      });
      return toQuote(lines, price, estimatedDelivery(new Date()));
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
