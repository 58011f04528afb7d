import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { SIZES } from '#contract';
import { loadConfig } from '#server/config/env.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
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
 * Fills a database with many products made from the seed styles, each style in
 * 1 to 5 colours, mostly 1 to 4 (2.55 on average; the seed's 49 styles have
 * 3.5), each colour a product (decision 018): 100,000 products are about
 * 39,000 styles. For the bench and for trying the shop at scale:
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
const MINUTE_MS = 60_000;
const STYLE_NAMES = [
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
): Promise<{ inserted: number; styles: number; images: number }> {
  const templates = options.templates ?? SEED_PRODUCTS;
  const batchSize = options.batchSize ?? 1000;
  const now = options.now ?? Date.now();
  const next = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;

  const pictures = new Map<SeedProduct, string[]>();
  for (const template of templates) pictures.set(template, await storeSeedImages(db, template));
  const imageCount = new Set([...pictures.values()].flat()).size;

  // Every colour the seed knows, for styles with more colours than their template.
  const palette = [
    ...new Map(
      templates.flatMap((template) => [
        [template.colourName, template.colour] as const,
        ...(template.otherColours ?? []).map((colour) => [colour.name, colour.hex] as const),
      ]),
    ),
  ];

  /** How many colours a style comes in: mostly 1 to 4, like the seed's (2.55 on average). */
  const colourCount = () => {
    const roll = next();
    return roll < 0.25 ? 1 : roll < 0.5 ? 2 : roll < 0.75 ? 3 : roll < 0.95 ? 4 : 5;
  };

  /** One style made from a seed style: its colours, each a product of its own (decision 018). */
  const style = (template: SeedProduct, colours: number): NewProduct[] => {
    const name = pick(STYLE_NAMES);
    const title = template.title.startsWith(name) ? template.title : `${name} ${template.title}`;
    const price = Math.round((template.price * (0.75 + next() * 0.6)) / 50) * 50 - 1;
    const listed = SIZES.filter((size) => template.stock[size] !== undefined);
    const sizes = listed.length > 0 ? listed : SIZES;
    const styleId = randomUUID();
    const rating = 2.8 + next() * 2.1;
    const unitsSold = Math.floor(next() ** 2 * 3000);
    const createdAt = now - Math.floor(next() * 365 * DAY_MS);
    const shared = {
      title: next() < 0.3 ? `${title} - ${pick(LINES)}` : title,
      description: template.description,
      pricePaise: rupeesToPaise(Math.min(2999, Math.max(299, price))),
      gender: template.gender,
      category: template.category,
      isNew: next() < 1 / 3,
      styleId,
      imageIds: pictures.get(template) ?? [],
    };
    const names = [
      template.colourName,
      ...(template.otherColours ?? []).map((colour) => colour.name),
      ...palette.map(([colourName]) => colourName).sort(() => next() - 0.5),
    ];
    const colourNames = [...new Set(names)].slice(0, colours);
    return colourNames.map((colorName, index) => ({
      ...shared,
      colorName,
      colorHex: palette.find(([known]) => known === colorName)?.[1] ?? template.colour,
      // Reviews are per colour (D28): close to the style's, not equal.
      rating: Math.round(Math.min(5, Math.max(1, rating + (next() - 0.5) * 0.6)) * 10) / 10,
      unitsSold: Math.round(unitsSold / (index + 1)),
      // A minute apart, as the seed adds them: the first colour stands for the style.
      createdAt: new Date(createdAt + index * MINUTE_MS),
      stock: sizes.map((size) => {
        const roll = next();
        const stock =
          roll < 0.15 ? 0 : roll < 0.35 ? 1 + Math.floor(next() * 5) : 6 + Math.floor(next() * 55);
        return { size, stock };
      }),
    }));
  };

  let inserted = 0;
  let styles = 0;
  while (inserted < count) {
    const batch: NewProduct[] = [];
    while (batch.length < Math.min(batchSize, count - inserted)) {
      const colours = Math.min(colourCount(), count - inserted - batch.length);
      batch.push(...style(pick(templates), colours));
      styles += 1;
    }
    await createCatalogueService(db).insertProducts(db, batch);
    inserted += batch.length;
    options.onProgress?.(inserted);
  }
  // Fresh planner statistics and visibility map, as autovacuum would make on a server
  // (PGlite runs none): without statistics the listing plans for one row and sorts
  // thousands; without the visibility map its index-only scans read the table too.
  await db.execute(sql`vacuum analyze`);
  return { inserted, styles, images: imageCount };
}

/** How many products the catalogue holds, and in how many styles: the bench reports both. */
export async function catalogueSize(db: Database): Promise<{ products: number; styles: number }> {
  const [row] = rowsOf<{ products: number; styles: number }>(
    await db.execute(
      sql`select count(*)::int as products, count(distinct style_id)::int as styles from products`,
    ),
  );
  return { products: row?.products ?? 0, styles: row?.styles ?? 0 };
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
      `\nInserted ${result.inserted} products in ${result.styles} styles (${result.images} shared images) ` +
        `into ${database.kind} ` +
        `in ${seconds.toFixed(1)} s (${Math.round(result.inserted / seconds)}/s); ` +
        `the catalogue now holds ${await catalogueSize(database.db).then(({ products, styles }) => `${products} products in ${styles} styles`)}.`,
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
