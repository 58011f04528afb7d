import type { CartItem, CartProduct } from './cart.ts';
import type { Product, Size } from './catalogue.ts';
import type { Design, DesignSide, ProductCustomisation } from './design.ts';
import { garmentKind, namedGarment } from './garments.ts';
import { priceLinesWithBreaks } from './price-breaks.ts';
import type { Personalisation } from './roster.ts';

/**
 * How a cart line is made and priced, for the server and for the browser's
 * guest cart, which builds lines on the first page a shopper loads: so this
 * module holds no schema and no zod (issue 14's first-load budget).
 */

export const DESIGN_SIDES = ['front', 'back'] as const;

export const MAX_LINE_QUANTITY = 100;

/** SPEC §4: the same product and size cannot be added twice. */
export const ALREADY_ADDED_MESSAGE = 'This product is already added';
/** The spec's 'Avalible Qty is {n}', spelled right (D6); a line never exceeds stock (D9). */
export const availableQuantityMessage = (available: number) => `Available quantity is ${available}`;

/**
 * A named roster piece (a line with a name and number, issue 29) is one
 * piece: its quantity stays 1, as another piece needs a name of its own.
 */
export const NAMED_PIECE_QUANTITY_MESSAGE =
  'A piece with a name and number is one piece: add another row to the roster for more';

/** Whether a line's quantity is fixed at 1: it is one named roster piece. */
export const isNamedPiece = (line: { personalisation: Personalisation | null }) =>
  line.personalisation !== null;

/** A product nobody has set up for designs: a chest-sized area front and back, no prices. */
export const DEFAULT_CUSTOMISATION: ProductCustomisation = {
  customisable: false,
  printAreas: {
    front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
    back: { xMm: 150, yMm: 120, widthMm: 300, heightMm: 400 },
  },
  decorationPrice: { front: 0, back: 0 },
  blank: false,
};

/**
 * The sides that have layers: only those are printed and charged. A
 * personalised piece's back is printed with its name and number (issue 29)
 * even when the shared design has nothing else there.
 */
export function printedSides(
  design: Design,
  personalisation?: { name: string; number: number | null } | null,
): DesignSide[] {
  return DESIGN_SIDES.filter(
    (side) => design[side].length > 0 || (side === 'back' && Boolean(personalisation)),
  );
}

/**
 * What one unit of a product costs with this design (and, on a personalised
 * piece, its name and number): its price plus the decoration price of every
 * printed side. The web's live price and checkout's
 * charge both come from here (D4: summed in whole paise).
 */
export function customisedUnitPrice(
  basePrice: number,
  customisation: Pick<ProductCustomisation, 'decorationPrice'>,
  design: Design | null,
  personalisation?: { name: string; number: number | null } | null,
): number {
  const sides = design ? printedSides(design, personalisation) : [];
  const paise = sides.reduce(
    (total, side) => total + Math.round(customisation.decorationPrice[side] * 100),
    Math.round(basePrice * 100),
  );
  return paise / 100;
}

/** The product as a cart line carries it (SPEC §3). */
export function toCartProduct(product: Product): CartProduct {
  const { _id, title, images, gender, color, price, sizes, customisation, styleId, priceBreaks } =
    product;
  return {
    _id,
    title,
    images,
    gender,
    color,
    garment: garmentKind(product.category),
    price,
    sizes,
    customisation,
    styleId,
    priceBreaks,
  };
}

/**
 * The lines with each unit priced by the break its group reached (issue 29):
 * the server's cart and the guest cart both reprice through here after any
 * change, as one line's quantity or selection moves its group's price.
 */
export function withPriceBreaks(list: CartItem[]): CartItem[] {
  const prices = priceLinesWithBreaks(
    list.map((line) => ({
      styleId: line.productId.styleId,
      design: line.design,
      priceBreaks: line.productId.priceBreaks,
      listUnitPaise: Math.round(line.listUnitPrice * 100),
      quantity: line.quantity,
      selected: line.selected,
    })),
  );
  return list.map((line, index) => {
    const price = prices[index];
    if (!price) return line;
    return {
      ...line,
      unitPrice: price.unitPaise / 100,
      priceBreak: price.priceBreak,
      nextBreak: price.next && {
        piecesToGo: price.next.piecesToGo,
        unitPrice: price.next.unitPaise / 100,
      },
      totalPrice: (price.unitPaise * line.quantity) / 100,
    };
  });
}

/**
 * What a customisable product whose photos carry a print says near Customise
 * and the canvas (issue 28); null for a blank (its photos show what is
 * printed on) and for a product that takes no designs. Kept in this zod-free
 * module because the product page shows it on its first load.
 */
export function printedPhotosNote(product: {
  category: string;
  color: { name: string };
  customisation: Pick<ProductCustomisation, 'customisable' | 'blank'>;
}): string | null {
  if (!product.customisation.customisable || product.customisation.blank) return null;
  const garment = namedGarment(product.category) ?? 'garment';
  return `The designer prints on a blank ${product.color.name.toLowerCase()} ${garment}; the print in the photos is not included.`;
}

export const ROSTER_NEEDS_DESIGN_MESSAGE =
  'A roster needs a design: the names and numbers are printed with it';
export const sizeNotOfferedMessage = (size: Size) => `This product has no size ${size}`;
/** Stock short for many pieces: what is left beside what the cart already holds of that size. */
export const onlyLeftInSizeMessage = (left: number, size: Size) =>
  left > 0 ? `Only ${left} left in size ${size}` : `No more left in size ${size}`;
/** A plain line would grow past one line's most. */
export const lineQuantityInSizeMessage = (size: Size) =>
  `At most ${MAX_LINE_QUANTITY} in size ${size} on one line`;
/** Rows are counted from 1, as a shopper reads their list. */
export const duplicateRosterRowMessage = (row: number, firstRow: number) =>
  `Row ${row} repeats row ${firstRow}: the same size, name and number`;

/** What create-many asks for (issue 29): quantities by size, or a roster of pieces. */
export interface ManyRequest {
  quantities?: Partial<Record<Size, number>> | undefined;
  roster?: ReadonlyArray<{ size: Size } & Personalisation> | undefined;
}

/** One line of many: a size's quantity, or one roster piece (quantity 1). */
export interface ManyPiece {
  size: Size;
  quantity: number;
  personalisation: Personalisation | null;
}

/** Why many pieces cannot be added: `status` 400 for the request, 409 for stock. */
export interface ManyProblem {
  status: 400 | 409;
  field: string;
  message: string;
}

/**
 * The pieces asked for, in one list: quantities in size order, roster rows as
 * given. A roster row repeating an earlier one (size, name and number) is a
 * problem naming both rows. Server and guest cart alike (all or nothing).
 */
export function piecesOfMany(
  request: ManyRequest,
  sizes: readonly Size[],
): { pieces: ManyPiece[]; problem: ManyProblem | null } {
  if (request.roster) {
    const firstRowOf = new Map<string, number>();
    const pieces: ManyPiece[] = [];
    for (const [index, { size, name, number }] of request.roster.entries()) {
      const key = JSON.stringify([size, name, number]);
      const firstRow = firstRowOf.get(key);
      if (firstRow !== undefined) {
        const message = duplicateRosterRowMessage(index + 1, firstRow + 1);
        return { pieces, problem: { status: 400, field: `roster.${index}`, message } };
      }
      firstRowOf.set(key, index);
      pieces.push({ size, quantity: 1, personalisation: { name, number } });
    }
    return { pieces, problem: null };
  }
  const pieces = sizes.flatMap((size) => {
    const quantity = request.quantities?.[size];
    return quantity ? [{ size, quantity, personalisation: null }] : [];
  });
  return { pieces, problem: null };
}

/**
 * Whether the product can take these pieces: each size offered, and the
 * pieces of a size plus what the cart already holds of it (`holding`) within
 * its stock; a plain line that would grow stays within one line's most.
 * Sizes are checked in the order given; the first problem is answered.
 */
export function manyPiecesProblem(
  pieces: readonly ManyPiece[],
  {
    stock,
    holding,
    plainHolding,
    roster,
  }: {
    /** Stock by size; a size the product lacks is absent. */
    stock: Partial<Record<Size, number>>;
    /** Pieces of each size already in the cart, any line of this product. */
    holding: (size: Size) => number;
    /** The plain line of each size these pieces grow, when they are plain. */
    plainHolding: (size: Size) => number;
    roster: boolean;
  },
): ManyProblem | null {
  const wanted = new Map<Size, number>();
  for (const [index, piece] of pieces.entries()) {
    if (stock[piece.size] === undefined) {
      const field = roster ? `roster.${index}.size` : `quantities.${piece.size}`;
      return { status: 400, field, message: sizeNotOfferedMessage(piece.size) };
    }
    wanted.set(piece.size, (wanted.get(piece.size) ?? 0) + piece.quantity);
  }
  for (const [size, count] of wanted) {
    const field = roster ? 'roster' : `quantities.${size}`;
    const available = stock[size] ?? 0;
    const held = holding(size);
    if (held + count > available) {
      return {
        status: 409,
        field,
        message: onlyLeftInSizeMessage(Math.max(available - held, 0), size),
      };
    }
    if (plainHolding(size) + count > MAX_LINE_QUANTITY) {
      return { status: 400, field, message: lineQuantityInSizeMessage(size) };
    }
  }
  return null;
}
