import {
  type CartItem,
  type CartOptions,
  customisedUnitPrice,
  type Design,
  garmentKind,
  type Personalisation,
  type Product,
  priceLinesWithBreaks,
  type Quote,
  toCartProduct,
  withPriceBreaks,
} from '#contract';
import type { ImageRow, ProductRow, StockRow } from '#server/db/schema/catalogue.ts';
import { toCustomisation, toProducts } from '#server/features/catalogue/catalogue.service.ts';
import { paiseToRupees } from '#server/lib/money.ts';
import type { CartLineRow, CartOptionsRow } from './cart.repository.ts';
import type { SelectedLine } from './cart.service.ts';
import type { Price } from './pricing.ts';

/** The lines' products exactly as the catalogue shows them, by id. */
function productsById(lines: CartLineRow[], stock: StockRow[], images: ImageRow[]) {
  const rows = [...new Map(lines.map((line) => [line.product.id, line.product])).values()];
  return new Map(toProducts(rows, stock, images).map((product) => [product._id, product]));
}

function productOf(products: Map<string, Product>, id: string): Product {
  const product = products.get(id);
  if (!product) throw new Error(`Cart line product ${id} was not mapped`);
  return product;
}

/**
 * One unit of a line in paise: the product's price plus the decoration price
 * of each printed side of its design (the contract's customisedUnitPrice, D27).
 */
export function unitPricePaise(
  product: ProductRow,
  design: Design | null,
  personalisation: Personalisation | null = null,
): number {
  const rupees = customisedUnitPrice(
    product.pricePaise / 100,
    toCustomisation(product),
    design,
    personalisation,
  );
  return Math.round(rupees * 100);
}

/**
 * Cart lines with their product "populated" (SPEC §3); totals from database
 * prices (D4), each unit after the price break its group reached (issue 29):
 * pass the whole cart, as every line's group counts.
 */
export function toCartItems(
  lines: CartLineRow[],
  stock: StockRow[],
  images: ImageRow[],
): CartItem[] {
  const products = productsById(lines, stock, images);
  return withPriceBreaks(
    lines.map(({ item, product: row }) => {
      const product = productOf(products, row.id);
      const listUnitPaise = unitPricePaise(row, item.design, item.personalisation);
      const listUnitPrice = paiseToRupees(listUnitPaise);
      return {
        _id: item.id,
        productId: toCartProduct(product),
        size: item.size,
        quantity: item.quantity,
        selected: item.selected,
        design: item.design,
        personalisation: item.personalisation,
        unitPrice: listUnitPrice,
        listUnitPrice,
        priceBreak: null,
        nextBreak: null,
        totalPrice: paiseToRupees(listUnitPaise * item.quantity),
      };
    }),
  );
}

/**
 * The selected lines as checkout records them: database price after the
 * price break their group reached (issue 29: the same rule as the cart's lines), first picture.
 */
export function toSelectedLines(lines: CartLineRow[], images: ImageRow[]): SelectedLine[] {
  const products = productsById(lines, [], images);
  const prices = priceLinesWithBreaks(
    lines.map(({ item, product: row }) => ({
      styleId: row.styleId,
      design: item.design,
      priceBreaks: row.priceBreaks,
      listUnitPaise: unitPricePaise(row, item.design, item.personalisation),
      quantity: item.quantity,
      selected: true,
    })),
  );
  return lines.map(({ item, product: row }, index) => ({
    cartItemId: item.id,
    productId: row.id,
    title: row.title,
    image: productOf(products, row.id).images[0]?.url ?? '',
    size: item.size,
    colorName: row.colorName,
    colorHex: row.colorHex,
    garment: garmentKind(row.category),
    pricePaise: prices[index]?.unitPaise ?? unitPricePaise(row, item.design, item.personalisation),
    quantity: item.quantity,
    design: item.design,
    // What the design was placed on: frozen onto the order item with it (decision 020).
    printAreas: item.design ? row.printAreas : null,
    personalisation: item.personalisation,
    imageIds: item.imageIds,
    groupEntryId: item.groupEntryId,
  }));
}

export function toQuote(lines: SelectedLine[], price: Price, estimatedDelivery: string): Quote {
  return {
    lines: lines.map((line) => ({
      _id: line.cartItemId,
      title: line.title,
      quantity: line.quantity,
      lineTotal: paiseToRupees(line.pricePaise * line.quantity),
    })),
    // Units, not lines: 2 × a tee and 1 × a hoodie are 3 items.
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: paiseToRupees(price.subtotalPaise),
    coupon: price.coupon
      ? { code: price.coupon.code, description: price.coupon.description }
      : null,
    couponError: price.couponError,
    discount: paiseToRupees(price.discountPaise),
    giftWrap: paiseToRupees(price.giftWrapPaise),
    delivery: paiseToRupees(price.deliveryPaise),
    codFee: paiseToRupees(price.codFeePaise),
    total: paiseToRupees(price.totalPaise),
    cashOnDelivery: {
      available: price.cashOnDeliveryError === null,
      fee: paiseToRupees(price.cashOnDeliveryFeePaise),
      unavailableReason: price.cashOnDeliveryError,
    },
    estimatedDelivery,
  };
}

export function toCartOptions(
  row: Pick<CartOptionsRow, 'couponCode' | 'giftWrap' | 'giftMessage'>,
): CartOptions {
  return { couponCode: row.couponCode, giftWrap: row.giftWrap, giftMessage: row.giftMessage };
}
