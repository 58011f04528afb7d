import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { garmentKind, type PriceBreak, SIZES, type Size } from '#contract';
import type { Database } from '#server/db/client.ts';
import type { ProductCustomisationColumns } from '#server/db/schema/catalogue.ts';
import { accountsAccess } from '#server/features/auth/auth.service.ts';
import { createPasswords } from '#server/features/auth/passwords.ts';
import {
  createCatalogueService,
  toStockLevels,
} from '#server/features/catalogue/catalogue.service.ts';
import { createMediaService, mediaUrl } from '#server/features/media/media.service.ts';
import { hasDeliveredItem, recordDeliveredOrder } from '#server/features/orders/orders.service.ts';
import { createReviewsService } from '#server/features/reviews/reviews.service.ts';
import { rupeesToPaise } from '#server/lib/money.ts';
import { SEED_PRODUCTS } from './catalogue-data.ts';
import {
  GARMENT_VIEW_SIZE,
  type GarmentKind,
  type GarmentView,
  garmentSvg,
} from './garment-svg.ts';
import { SEED_REVIEWERS, starsFor, wordsFor } from './reviews-data.ts';

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
  /** The main colour's name, as shoppers filter by it (decision 018). */
  colourName: string;
  accent: string;
  views: GarmentView[];
  stock: Partial<Record<Size, number>>;
  /** The style's other colours: each a product of its own stock, pictures drawn in its colour. */
  otherColours?: SeedColour[];
  /** Words of the chest print, on garments that carry one. */
  printText?: string;
}

export interface SeedColour {
  name: string;
  hex: string;
  stock: Partial<Record<Size, number>>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

/**
 * A seed style as one seed product per colour: the first colour is the
 * product as written, the others follow it (added a minute apart, so the
 * first stands for the style in listings) with a share of its sales.
 */
export function seedColours(product: SeedProduct): SeedProduct[] {
  return [
    product,
    ...(product.otherColours ?? []).map((colour, index) => ({
      ...product,
      colour: colour.hex,
      colourName: colour.name,
      stock: colour.stock,
      unitsSold: Math.round(product.unitsSold / (index + 2)),
      otherColours: [],
    })),
  ];
}

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

/**
 * Tees and hoodies take designs (D27): print areas on the 600 × 700 mm
 * mock-up (a hoodie's front stops above its pocket) and what each printed
 * side adds to the price.
 */
const SEED_CUSTOMISATION: Record<string, ProductCustomisationColumns> = {
  'T-Shirts': {
    customisable: true,
    printAreas: {
      front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
      back: { xMm: 150, yMm: 120, widthMm: 300, heightMm: 420 },
    },
    decorationFrontPaise: 15_000,
    decorationBackPaise: 12_000,
  },
  Hoodies: {
    customisable: true,
    printAreas: {
      front: { xMm: 170, yMm: 190, widthMm: 260, heightMm: 200 },
      back: { xMm: 150, yMm: 160, widthMm: 300, heightMm: 380 },
    },
    decorationFrontPaise: 20_000,
    decorationBackPaise: 18_000,
  },
};

/** Price by quantity on the customisable tees (issue 29): team orders are what they are bought for. */
const SEED_PRICE_BREAKS: Record<string, PriceBreak[]> = {
  'T-Shirts': [
    { minQuantity: 10, percentOff: 10 },
    { minQuantity: 25, percentOff: 15 },
    { minQuantity: 50, percentOff: 20 },
  ],
};

/** Inserts products, one per colour, with their generated pictures and their reviews; returns how many. */
export async function insertSeedProducts(
  db: Database,
  list: SeedProduct[],
  now = Date.now(),
): Promise<number> {
  const seeded: SeededProduct[] = [];
  for (const style of list) {
    const styleId = randomUUID();
    for (const [index, product] of seedColours(style).entries()) {
      const imageIds = await storeSeedImages(db, product);
      const id = await createCatalogueService(db).insertProduct(db, {
        title: product.title,
        description: product.description,
        pricePaise: rupeesToPaise(product.price),
        // The reviews below set it (D28).
        rating: 0,
        gender: product.gender,
        category: product.category,
        isNew: product.isNew,
        colorName: product.colourName,
        colorHex: product.colour,
        styleId,
        unitsSold: product.unitsSold,
        createdAt: new Date(now - product.daysAgo * DAY_MS + index * MINUTE_MS),
        stock: toStockLevels(product.stock),
        imageIds,
        customisation: SEED_CUSTOMISATION[product.category],
        priceBreaks: SEED_PRICE_BREAKS[product.category] ?? [],
      });
      seeded.push({ id, product, image: imageIds[0] ? mediaUrl(imageIds[0]) : '' });
    }
  }
  await insertSeedReviews(db, seeded, now);
  return seeded.length;
}

interface SeededProduct {
  id: string;
  product: SeedProduct;
  image: string;
}

/**
 * Each seed reviewer gets one delivered order of every seed product, placed
 * after the newest one was added, and reviews each: the products' ratings are
 * the averages of those reviews, the seed's figures exactly (D28).
 */
async function insertSeedReviews(db: Database, seeded: SeededProduct[], now: number) {
  if (seeded.length === 0) return;
  const youngest = Math.min(...seeded.map(({ product }) => product.daysAgo)) * DAY_MS;
  const ago = (fraction: number, index: number) =>
    new Date(now - fraction * youngest + index * 60_000);
  const catalogue = createCatalogueService(db);
  const auth = accountsAccess();
  const reviews = createReviewsService(db, { catalogue, orders: { hasDeliveredItem } });
  // Seed reviewers never sign in: a random password nobody knows.
  const passwordHash = await createPasswords('owasp').hashPassword(randomUUID());
  const reviewerIds: string[] = [];
  for (const [index, reviewer] of SEED_REVIEWERS.entries()) {
    const user =
      (await auth.insertUser(db, { ...reviewer, passwordHash })) ??
      (await auth.findUserByEmail(db, reviewer.email));
    if (!user) throw new Error(`The seed reviewer ${reviewer.email} could not be stored`);
    reviewerIds.push(user.id);
    await recordDeliveredOrder(db, {
      userId: user.id,
      address: {
        name: reviewer.name,
        phone: '+91 98765 43210',
        pincode: '560001',
        city: 'Bengaluru',
        state: 'Karnataka',
        fullAddress: `${index + 1} MG Road, Ashok Nagar`,
      },
      lines: seeded.map(({ id, product, image }) => ({
        productId: id,
        name: product.title,
        image,
        size: SIZES.find((size) => product.stock[size] !== undefined) ?? 'M',
        colorName: product.colourName,
        colorHex: product.colour,
        garment: garmentKind(product.category),
        pricePaise: rupeesToPaise(product.price),
      })),
      placedAt: ago(0.75, index),
      deliveredAt: ago(0.5, index),
    });
  }
  for (const { id, product } of seeded) {
    await reviews.addReviews(
      db,
      id,
      starsFor(product.rating).map((stars, index) => ({
        userId: reviewerIds[index] as string,
        rating: stars,
        ...wordsFor(stars, index),
        createdAt: ago(0.25, index),
      })),
    );
  }
}

/**
 * Seeds the catalogue on first start. Every later start asks one count, with
 * no transaction or lock (issue 30); an empty catalogue is counted again under
 * the advisory lock, which makes several processes starting together on one
 * PostgreSQL seed it once.
 */
export async function seedCatalogueIfEmpty(db: Database): Promise<number> {
  if ((await createCatalogueService(db).countProducts(db)) > 0) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop:seed'))`);
    if ((await createCatalogueService(tx).countProducts(tx)) > 0) return 0;
    return insertSeedProducts(tx, SEED_PRODUCTS);
  });
}
