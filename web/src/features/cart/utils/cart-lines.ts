import { ALREADY_ADDED_MESSAGE, availableQuantityMessage, type CartItem } from '#contract';

export const CART_MESSAGES = {
  alreadyAdded: ALREADY_ADDED_MESSAGE,
  added: 'Product added to cart!',
  addFailed: 'Product Not added On Cart',
  removeFailed: 'Failed to remove product',
  availableQuantity: availableQuantityMessage,
} as const;

/** The line total in rupees, counted in paise so 0.1 + 0.2 never shows. */
export function lineTotal(price: number, quantity: number): number {
  return Math.round(price * 100 * quantity) / 100;
}

/** SPEC §3: the sum of the lines' totals, counted in paise. */
export function sumOfLines(list: CartItem[]): number {
  return list.reduce((sum, line) => sum + Math.round(line.totalPrice * 100), 0) / 100;
}

/** Stock of the line's size (SPEC §5: the size key uppercased). */
export function availableStock(line: CartItem): number {
  const sizes = line.productId.sizes as Record<string, number | undefined>;
  return sizes[line.size.toUpperCase()] ?? 0;
}

/** The line with another quantity, its total in step. */
export function withQuantity(line: CartItem, quantity: number): CartItem {
  return { ...line, quantity, totalPrice: lineTotal(line.unitPrice, quantity) };
}

/** `list` with the line of the same id replaced by `line`. */
export function replaceLine(list: CartItem[], line: CartItem): CartItem[] {
  return list.map((item) => (item._id === line._id ? line : item));
}
