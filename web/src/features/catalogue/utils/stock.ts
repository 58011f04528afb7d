import { type ProductSizes, SIZES, type Size } from '#contract';

/** The sizes with stock, smallest first (the contract's SIZES order). */
export function inStockSizes(sizes: ProductSizes): Size[] {
  return SIZES.filter((size) => (sizes[size] ?? 0) > 0);
}

/** SPEC §4: out of stock when every size is at 0 or there are no sizes. */
export function isOutOfStock(sizes: ProductSizes): boolean {
  return inStockSizes(sizes).length === 0;
}
