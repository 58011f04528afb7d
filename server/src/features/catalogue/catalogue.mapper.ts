import {
  type AdminProduct,
  isSize,
  type Product,
  type ProductCustomisation,
  type ProductFilters,
  SIZES,
  type Size,
} from '#contract';
import type { ImageRow, ProductRow, StockRow, StyleColorRow } from '#server/db/schema/catalogue.ts';
import { mediaUrl } from '#server/features/media/media.service.ts';
import { paiseToRupees } from '#server/lib/money.ts';

export const bySizeOrder = (a: Size, b: Size) => SIZES.indexOf(a) - SIZES.indexOf(b);

/** A product's design settings (D27) as the API and the designer read them. */
export function toCustomisation(
  row: Pick<
    ProductRow,
    'customisable' | 'printAreas' | 'decorationFrontPaise' | 'decorationBackPaise' | 'blank'
  >,
): ProductCustomisation {
  return {
    customisable: row.customisable,
    printAreas: row.printAreas,
    decorationPrice: {
      front: paiseToRupees(row.decorationFrontPaise),
      back: paiseToRupees(row.decorationBackPaise),
    },
    blank: row.blank,
  };
}

/**
 * Reshapes product rows with their stock, images and their styles' colours
 * into the API's products (D3, D4, decision 018). Callers that show no
 * colour choice (the cart) leave the colours out.
 */
export function toProducts(
  rows: ProductRow[],
  stock: StockRow[],
  images: ImageRow[],
  styleColors: StyleColorRow[] = [],
): Product[] {
  const sizesByProduct = new Map<string, StockRow[]>();
  for (const line of stock) {
    const lines = sizesByProduct.get(line.productId) ?? [];
    lines.push(line);
    sizesByProduct.set(line.productId, lines);
  }
  const imagesByProduct = new Map<string, { url: string }[]>();
  for (const image of images) {
    const list = imagesByProduct.get(image.productId) ?? [];
    list.push({ url: mediaUrl(image.imageId) });
    imagesByProduct.set(image.productId, list);
  }
  const colorsByStyle = new Map<string, Product['colors']>();
  for (const color of styleColors) {
    const list = colorsByStyle.get(color.styleId) ?? [];
    list.push({
      productId: color.productId,
      name: color.colorName,
      hex: color.colorHex,
      inStock: color.inStock,
    });
    colorsByStyle.set(color.styleId, list);
  }
  return rows.map((row) => ({
    _id: row.id,
    styleId: row.styleId,
    color: { name: row.colorName, hex: row.colorHex },
    colors: colorsByStyle.get(row.styleId) ?? [],
    title: row.title,
    description: row.description,
    price: paiseToRupees(row.pricePaise),
    rating: row.rating,
    reviewCount: row.reviewCount,
    gender: row.gender,
    category: row.category,
    images: imagesByProduct.get(row.id) ?? [],
    sizes: Object.fromEntries(
      (sizesByProduct.get(row.id) ?? [])
        .sort((a, b) => bySizeOrder(a.size, b.size))
        .map((line) => [line.size, line.stock]),
    ),
    isNew: row.isNew,
    createdAt: row.createdAt.toISOString(),
    customisation: toCustomisation(row),
    priceBreaks: row.priceBreaks,
  }));
}

export function toProductFilters(values: {
  sizes: string[];
  categories: string[];
  genders: string[];
  colors: { name: string; hex: string }[];
  minPricePaise: number;
  maxPricePaise: number;
}): ProductFilters {
  return {
    sizes: values.sizes.filter(isSize).sort(bySizeOrder),
    categories: values.categories,
    genders: values.genders,
    colors: values.colors,
    priceStats: {
      minPrice: paiseToRupees(values.minPricePaise),
      maxPrice: paiseToRupees(values.maxPricePaise),
    },
  };
}

/** Units per size as the contract and the seed write them (`{ M: 5 }`) → stock rows, in size order. */
export const toStockLevels = (bySize: Partial<Record<Size, number>>) =>
  SIZES.flatMap((size) => {
    const stock = bySize[size];
    return stock === undefined ? [] : [{ size, stock }];
  });

/** Products as the owner sees them: the shop's shape plus image ids, sales and archiving. */
export function toAdminProducts(
  rows: ProductRow[],
  stock: StockRow[],
  images: ImageRow[],
  styleColors: StyleColorRow[],
): AdminProduct[] {
  const shop = toProducts(rows, stock, images, styleColors);
  return rows.map((row, index) => {
    const product = shop[index];
    if (!product) throw new Error('toProducts lost a row');
    return {
      ...product,
      images: images
        .filter((image) => image.productId === row.id)
        .map((image) => ({ _id: image.imageId, url: mediaUrl(image.imageId) })),
      unitsSold: row.unitsSold,
      archived: row.archivedAt !== null,
      archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
      updatedAt: row.updatedAt.toISOString(),
      hsn: row.hsn,
    };
  });
}
