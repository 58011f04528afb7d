import { sql } from 'drizzle-orm';
import type { Size } from '#contract';
import type { Database } from '#server/db/client.ts';
import { toStockLevels } from '#server/features/catalogue/catalogue.mapper.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { createMediaService } from '#server/features/media/media.service.ts';
import { rupeesToPaise } from '#server/lib/money.ts';
import { SEED_PRODUCTS } from './catalogue-data.ts';
import {
  GARMENT_VIEW_SIZE,
  type GarmentKind,
  type GarmentView,
  garmentSvg,
} from './garment-svg.ts';

export interface SeedProduct {
  title: string;
  description: string;
  /** Rupees. */
  price: number;
  rating: number;
  gender: string;
  category: string;
  isNew: boolean;
  unitsSold: number;
  /** How long ago the product was added: orders 'Latest Collection'. */
  daysAgo: number;
  garment: GarmentKind;
  /** Main and accent colours of the drawn garment, as #rrggbb. */
  colour: string;
  accent: string;
  views: GarmentView[];
  stock: Partial<Record<Size, number>>;
  /** Words of the chest print, on garments that carry one. */
  printText?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Draws and stores a seed product's pictures (identical ones once); returns their ids. */
export async function storeSeedImages(db: Database, product: SeedProduct): Promise<string[]> {
  const imageIds: string[] = [];
  for (const view of product.views) {
    const svg = garmentSvg({
      kind: product.garment,
      colour: product.colour,
      accent: product.accent,
      view,
      ...(product.printText && { printText: product.printText }),
    });
    imageIds.push(
      await createMediaService(db).storeImage(db, {
        bytes: Buffer.from(svg),
        contentType: 'image/svg+xml',
        ...GARMENT_VIEW_SIZE,
      }),
    );
  }
  return imageIds;
}

/** Inserts products with their generated pictures; returns how many. */
export async function insertSeedProducts(
  db: Database,
  list: SeedProduct[],
  now = Date.now(),
): Promise<number> {
  for (const product of list) {
    await createCatalogueService(db).insertProduct(db, {
      title: product.title,
      description: product.description,
      pricePaise: rupeesToPaise(product.price),
      rating: product.rating,
      gender: product.gender,
      category: product.category,
      isNew: product.isNew,
      unitsSold: product.unitsSold,
      createdAt: new Date(now - product.daysAgo * DAY_MS),
      stock: toStockLevels(product.stock),
      imageIds: await storeSeedImages(db, product),
    });
  }
  return list.length;
}

/**
 * Seeds the catalogue on first start. The advisory lock makes several
 * processes starting together on one PostgreSQL seed it once.
 */
export async function seedCatalogueIfEmpty(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop:seed'))`);
    if ((await createCatalogueService(tx).countProducts(tx)) > 0) return 0;
    return insertSeedProducts(tx, SEED_PRODUCTS);
  });
}
