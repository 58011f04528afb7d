import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  type CartItem,
  customisedUnitPrice,
  DEFAULT_CUSTOMISATION,
  type Design,
  type Personalisation,
  type Product,
  type Size,
  toCartProduct,
  withPriceBreaks,
} from '#contract';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { lineTotal, replaceLine, sumOfLines, withQuantity } from '../utils/cart-lines.ts';

/** Lines a visitor adds without a token (D17) carry ids with this prefix. */
export const GUEST_LINE_PREFIX = 'guest-';

export interface GuestCartState {
  list: CartItem[];
  /** Sum of the lines' totalPrice (SPEC §3). */
  totalPrice: number;
  /** Number of lines (SPEC §3). */
  totalProduct: number;
}

/** One line of many: a size's quantity, or a roster piece with its name and number. */
export interface GuestPiece {
  size: Size;
  quantity: number;
  personalisation: Personalisation | null;
}

export interface GuestCartActions {
  /**
   * Adds a line built from the product, with the shopper's design if there is
   * one (priced with its printed sides); the caller has checked duplicates and stock.
   */
  addLine: (product: Product, size: Size, quantity: number, design?: Design) => void;
  /**
   * Adds many pieces of one product and design (issue 29): a plain line
   * already there grows, anything else is a new line; the caller has checked stock.
   */
  addLines: (product: Product, pieces: GuestPiece[], design?: Design) => void;
  setQuantity: (lineId: string, quantity: number) => void;
  setSelected: (lineId: string, selected: boolean) => void;
  selectAll: (selected: boolean) => void;
  removeLine: (lineId: string) => void;
  /** Empties the cart: merged into the account at sign-in, or at logout. */
  clear: () => void;
}

const empty: GuestCartState = { list: [], totalPrice: 0, totalProduct: 0 };

/** The lines repriced by the breaks their groups reach (issue 29), with the totals. */
const withTotals = (lines: CartItem[]): GuestCartState => {
  const list = withPriceBreaks(lines);
  return { list, totalPrice: sumOfLines(list), totalProduct: list.length };
};

/**
 * A line kept before designs existed (D27): a plain line at the product's
 * price; kept before lines carried their colour (issue 28): drawn on white
 * until sign-in merges it into the server cart, which knows the colour, and
 * on a tee until then when kept before lines named their garment; kept
 * before price breaks (issue 29): a style of its own without breaks until then.
 */
function upgradeLine(line: CartItem): CartItem {
  const listUnitPrice = line.listUnitPrice ?? line.unitPrice ?? line.productId.price;
  return {
    ...line,
    productId: {
      ...line.productId,
      color: line.productId.color ?? { name: '', hex: '#ffffff' },
      garment: line.productId.garment ?? 'tee',
      customisation: line.productId.customisation ?? DEFAULT_CUSTOMISATION,
      styleId: line.productId.styleId ?? line.productId._id,
      priceBreaks: line.productId.priceBreaks ?? [],
    },
    design: line.design ?? null,
    personalisation: line.personalisation ?? null,
    unitPrice: listUnitPrice,
    listUnitPrice,
    priceBreak: null,
    nextBreak: null,
  };
}

/**
 * A visitor's cart, kept in the browser under `cart-storage` (SPEC §3, D17)
 * until sign-in merges it into the server cart. The signed-in cart is server
 * state and lives in the query cache, never here.
 */
export const useGuestCartStore = create<GuestCartState & GuestCartActions>()(
  persist(
    (set, get) => {
      const change = (update: (list: CartItem[]) => CartItem[]) =>
        set(withTotals(update(get().list)));
      const newLine = (product: Product, piece: GuestPiece, design?: Design): CartItem => {
        const listUnitPrice = design
          ? customisedUnitPrice(product.price, product.customisation, design, piece.personalisation)
          : product.price;
        return {
          _id: `${GUEST_LINE_PREFIX}${globalThis.crypto.randomUUID()}`,
          productId: toCartProduct(product),
          size: piece.size,
          quantity: piece.quantity,
          selected: true,
          design: design ?? null,
          personalisation: piece.personalisation,
          // Repriced with the breaks of its group by withTotals.
          unitPrice: listUnitPrice,
          listUnitPrice,
          priceBreak: null,
          nextBreak: null,
          totalPrice: lineTotal(listUnitPrice, piece.quantity),
        };
      };
      return {
        ...empty,
        addLine: (product, size, quantity, design) =>
          change((list) => [
            ...list,
            newLine(product, { size, quantity, personalisation: null }, design),
          ]),
        addLines: (product, pieces, design) =>
          change((list) => {
            const lines = [...list];
            for (const piece of pieces) {
              const plainAt = design
                ? -1
                : lines.findIndex(
                    (line) =>
                      line.productId._id === product._id &&
                      line.size === piece.size &&
                      !line.design,
                  );
              const plain = lines[plainAt];
              if (plain) lines[plainAt] = withQuantity(plain, plain.quantity + piece.quantity);
              else lines.push(newLine(product, piece, design));
            }
            return lines;
          }),
        setQuantity: (lineId, quantity) =>
          change((list) =>
            list.map((line) => (line._id === lineId ? withQuantity(line, quantity) : line)),
          ),
        setSelected: (lineId, selected) =>
          change((list) => {
            const line = list.find((item) => item._id === lineId);
            return line ? replaceLine(list, { ...line, selected }) : list;
          }),
        selectAll: (selected) => change((list) => list.map((line) => ({ ...line, selected }))),
        removeLine: (lineId) => change((list) => list.filter((line) => line._id !== lineId)),
        clear: () => set(empty),
      };
    },
    {
      name: STORAGE_KEYS.cart,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ list, totalPrice, totalProduct }): GuestCartState => ({
        list,
        totalPrice,
        totalProduct,
      }),
      merge: (persisted, current) => {
        const saved = persisted as Partial<GuestCartState> | undefined;
        // Anything unreadable in storage is ignored rather than crashing the app.
        if (!saved || !Array.isArray(saved.list)) return current;
        return { ...current, ...withTotals(saved.list.map(upgradeLine)) };
      },
    },
  ),
);
