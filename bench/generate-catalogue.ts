import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { SIZES } from '#contract';
import { loadConfig } from '#server/config/env.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { SEED_PRODUCTS } from '#server/db/seed/catalogue-data.ts';
import { type SeedProduct, storeSeedImages } from '#server/db/seed/seed.ts';
import {
  type CatalogueService,
  createCatalogueService,
} from '#server/features/catalogue/catalogue.service.ts';
import { rupeesToPaise } from '#server/lib/money.ts';

/** A product as the catalogue's service inserts it. */
type NewProduct = Parameters<CatalogueService['insertProduct']>[1];

/**
 * Fills a database with many products made from the seed products, for the
 * bench and for trying the shop at scale:
 *   node --import tsx bench/generate-catalogue.ts --count 10000
 * (on DATA_DIR or DATABASE_URL, like the shop). Pictures are the seed's, each
 * stored once and shared; products go in with multi-row inserts.
 */

export interface GenerateOptions {
  /** Products per multi-row insert (and per transaction). */
  batchSize?: number;
  /** The same seed gives the same catalogue (ids aside). */
  seed?: number;
  now?: number;
  templates?: SeedProduct[];
  onProgress?: (inserted: number) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const STYLES = [
  'Essential',
  'Premium',
  'Relaxed',
  'Vintage',
  'Organic',
  'Everyday',
  'Signature',
  'Heritage',
  'Urban',
  'Studio',
  'Coastal',
  'Festive',
  'Weekend',
  'Classic',
];
const LINES = ['Summer Drop', 'Festive Edit', 'Studio Line', 'Core Range', 'Limited Run'];

/** mulberry32: a small seeded generator, so runs can be repeated. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export async function generateCatalogue(
  db: Database,
  count: number,
  options: GenerateOptions = {},
): Promise<{ inserted: number; images: number }> {
  const templates = options.templates ?? SEED_PRODUCTS;
  const batchSize = options.batchSize ?? 1000;
  const now = options.now ?? Date.now();
  const next = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;

  const pictures = new Map<SeedProduct, string[]>();
  for (const template of templates) pictures.set(template, await storeSeedImages(db, template));
  const imageCount = new Set([...pictures.values()].flat()).size;

  const variant = (template: SeedProduct): NewProduct => {
    const style = pick(STYLES);
    const title = template.title.startsWith(style) ? template.title : `${style} ${template.title}`;
    const price = Math.round((template.price * (0.75 + next() * 0.6)) / 50) * 50 - 1;
    const listed = SIZES.filter((size) => template.stock[size] !== undefined);
    const sizes = listed.length > 0 ? listed : SIZES;
    return {
      title: next() < 0.3 ? `${title} - ${pick(LINES)}` : title,
      description: template.description,
      pricePaise: rupeesToPaise(Math.min(2999, Math.max(299, price))),
      rating: Math.round((2.8 + next() * 2.1) * 10) / 10,
      gender: template.gender,
      category: template.category,
      isNew: next() < 1 / 3,
      colorName: template.colourName,
      colorHex: template.colour,
      unitsSold: Math.floor(next() ** 2 * 3000),
      createdAt: new Date(now - Math.floor(next() * 365 * DAY_MS)),
      stock: sizes.map((size) => {
        const roll = next();
        const stock =
          roll < 0.15 ? 0 : roll < 0.35 ? 1 + Math.floor(next() * 5) : 6 + Math.floor(next() * 55);
        return { size, stock };
      }),
      imageIds: pictures.get(template) ?? [],
    };
  };

  let inserted = 0;
  while (inserted < count) {
    const batch = Array.from({ length: Math.min(batchSize, count - inserted) }, () =>
      variant(pick(templates)),
    );
    await createCatalogueService(db).insertProducts(db, batch);
    inserted += batch.length;
    options.onProgress?.(inserted);
  }
  // Fresh planner statistics and visibility map, as autovacuum would make on a server
  // (PGlite runs none): without statistics the listing plans for one row and sorts
  // thousands; without the visibility map its index-only scans read the table too.
  await db.execute(sql`vacuum analyze`);
  return { inserted, images: imageCount };
}

function parseCount(argv: string[]): number | undefined {
  const at = argv.findIndex((arg) => arg === '--count' || arg.startsWith('--count='));
  const raw = argv[at]?.includes('=') ? argv[at]?.split('=')[1] : argv[at + 1];
  const count = Number(raw);
  return at >= 0 && Number.isInteger(count) && count > 0 ? count : undefined;
}

async function main(argv: string[]): Promise<number> {
  const count = parseCount(argv);
  if (count === undefined) {
    console.error('Usage: node --import tsx bench/generate-catalogue.ts --count <products>');
    return 1;
  }
  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    const started = performance.now();
    const result = await generateCatalogue(database.db, count, {
      seed: Date.now(),
      onProgress: (done) => process.stdout.write(`\rInserted ${done}/${count}`),
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `\nInserted ${result.inserted} products (${result.images} shared images) into ${database.kind} ` +
        `in ${seconds.toFixed(1)} s (${Math.round(result.inserted / seconds)}/s); ` +
        `the catalogue now holds ${await createCatalogueService(database.db).countProducts(database.db)}.`,
    );
  } finally {
    await database.close();
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
