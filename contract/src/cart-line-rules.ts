import type { CartItem, CartProduct } from './cart.ts';
import type { Product } from './catalogue.ts';
import type { Design, DesignSide, ProductCustomisation } from './design.ts';
import { priceLinesWithBreaks } from './price-breaks.ts';

/**
 * How a cart line is made and priced, for the server and for the browser's
 * guest cart, which builds lines on the first page a shopper loads: so this
 * module holds no schema and no zod (issue 14's first-load budget).
 */

export const DESIGN_SIDES = ['front', 'back'] as const;

/** SPEC §4: the same product and size cannot be added twice. */
export const ALREADY_ADDED_MESSAGE = 'This product is already added';
/** The spec's 'Avalible Qty is {n}', spelled right (D6); a line never exceeds stock (D9). */
export const availableQuantityMessage = (available: number) => `Available quantity is ${available}`;

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

/** The sides that have layers: only those are printed and charged. */
export function printedSides(design: Design): DesignSide[] {
  return DESIGN_SIDES.filter((side) => design[side].length > 0);
}

/**
 * What one unit of a product costs with this design: its price plus the
 * decoration price of every printed side. The web's live price and checkout's
 * charge both come from here (D4: summed in whole paise).
 */
export function customisedUnitPrice(
  basePrice: number,
  customisation: Pick<ProductCustomisation, 'decorationPrice'>,
  design: Design | null,
): number {
  const sides = design ? printedSides(design) : [];
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
  return { _id, title, images, gender, color, price, sizes, customisation, styleId, priceBreaks };
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

const BLANK_GARMENTS: Readonly<Record<string, string>> = { 't-shirts': 'tee', hoodies: 'hoodie' };

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
  const garment = BLANK_GARMENTS[product.category.trim().toLowerCase()] ?? 'garment';
  return `The designer prints on a blank ${product.color.name.toLowerCase()} ${garment}; the print in the photos is not included.`;
}
