import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PriceBreak, Size } from '#contract';
import type { Database } from '#server/db/client.ts';
import { type ProductCustomisationColumns, productStock } from '#server/db/schema/catalogue.ts';
import {
  createCatalogueService,
  toStockLevels,
} from '#server/features/catalogue/catalogue.service.ts';
import { createMediaService } from '#server/features/media/media.service.ts';

export interface ProductFixture {
  title?: string;
  description?: string;
  price?: number;
  rating?: number;
  gender?: string;
  category?: string;
  isNew?: boolean;
  unitsSold?: number;
  createdAt?: Date;
  stock?: Partial<Record<Size, number>>;
  images?: number;
  /** Without them: a style of its own in White. */
  styleId?: string;
  color?: { name: string; hex: string };
  /** Design settings (D27); left out: not customisable. */
  customisation?: ProductCustomisationColumns;
  /** Price by quantity (issue 29); left out: none. */
  priceBreaks?: PriceBreak[];
}

/** Stores a product for a test, with small SVG pictures of its own; returns its id. */
export async function createProduct(db: Database, fixture: ProductFixture = {}): Promise<string> {
  const imageIds: string[] = [];
  for (let index = 0; index < (fixture.images ?? 2); index++) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 12"><title>${randomUUID()}</title></svg>`;
    imageIds.push(
      await createMediaService(db).storeImage(db, {
        bytes: Buffer.from(svg),
        contentType: 'image/svg+xml',
        width: 10,
        height: 12,
      }),
    );
  }
  return createCatalogueService(db).insertProduct(db, {
    title: fixture.title ?? `Plain Tee ${randomUUID().slice(0, 8)}`,
    description: fixture.description ?? 'A plain everyday top.',
    pricePaise: Math.round((fixture.price ?? 499) * 100),
    rating: fixture.rating ?? 4,
    gender: fixture.gender ?? 'Unisex',
    category: fixture.category ?? 'Tops',
    isNew: fixture.isNew ?? false,
    colorName: fixture.color?.name ?? 'White',
    colorHex: fixture.color?.hex ?? '#ffffff',
    ...(fixture.styleId && { styleId: fixture.styleId }),
    unitsSold: fixture.unitsSold ?? 0,
    ...(fixture.createdAt && { createdAt: fixture.createdAt }),
    stock: toStockLevels(fixture.stock ?? { M: 5 }),
    imageIds,
    ...(fixture.customisation && { customisation: fixture.customisation }),
    ...(fixture.priceBreaks && { priceBreaks: fixture.priceBreaks }),
  });
}

export async function archiveProduct(db: Database, id: string): Promise<void> {
  await createCatalogueService(db).setProductArchived(db, id, true);
}

/** Someone else's purchase, as far as the stock shows it: the size now has `stock` units. */
export async function setStock(db: Database, productId: string, size: Size, stock: number) {
  await db
    .update(productStock)
    .set({ stock })
    .where(and(eq(productStock.productId, productId), eq(productStock.size, size)));
}
