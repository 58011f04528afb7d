import type { CartProduct } from './cart.ts';
import type { Product } from './catalogue.ts';
import type { Design, DesignSide, ProductCustomisation } from './design.ts';

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
  const { _id, title, images, gender, color, price, sizes, customisation } = product;
  return { _id, title, images, gender, color, price, sizes, customisation };
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
