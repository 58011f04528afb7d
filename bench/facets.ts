import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { SIZES } from '#contract';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/env.ts';
import { openPostgres } from '#server/db/client.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { catalogueSize, generateCatalogue } from './generate-catalogue.ts';

/**
 * Facet counts (issue 16, decision 024) on PostgreSQL at scale: tops the
 * database up to `products` products, then asks the shop, through one
 * database connection and with the read cache off (every answer cold), for
 * the facets of `requests` different seeded random searches and filter
 * combinations, one after another. Prints p50, p95, p99 and the slowest.
 * The bar: p95 <= 50 ms at 100,000 products.
 *
 * Run alone: `BENCH_FACETS_DATABASE_URL=postgres://… node --import tsx bench/facets.ts`
 * (the database is kept, so later runs skip the load); `npm run bench` runs it
 * on its scratch PostgreSQL database when BENCH_DATABASE_URL is set.
 */

const GENDERS = ['Men', 'Women', 'Unisex', 'Kids'];
const CATEGORIES = [
  'T-Shirts',
  'Hoodies',
  'Sweatshirts',
  'Polo Shirts',
  'Tank Tops',
  'Shirts',
  'Joggers',
  'Jackets',
];
const SEARCHES = [undefined, undefined, undefined, 'tshirt', 'hoodie', 'tshrt', 'black', 'cotton'];

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` different facet queries (the read cache would be off anyway). */
function facetQueries(count: number): string[] {
  const next = random(24);
  const some = (items: readonly string[]) =>
    next() < 0.5 ? items.filter(() => next() < 0.3).join(',') : '';
  const queries = new Set<string>();
  while (queries.size < count) {
    const query = new URLSearchParams();
    const search = SEARCHES[Math.floor(next() * SEARCHES.length)];
    if (search) query.set('search', search);
    for (const [key, value] of [
      ['gender', some(GENDERS)],
      ['category', some(CATEGORIES)],
      ['size', some(SIZES)],
    ] as const) {
      if (value) query.set(key, value);
    }
    if (next() < 0.3) query.set('minPrice', String(Math.round(300 + next() * 1000)));
    if (next() < 0.3) query.set('maxPrice', String(Math.round(1400 + next() * 1500)));
    if (next() < 0.3) query.set('rating', String([2, 3, 3.5, 4][Math.floor(next() * 4)]));
    queries.add(query.toString());
  }
  return [...queries];
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;

export async function benchFacets(
  databaseUrl: string,
  { products = 100_000, requests = 300 }: { products?: number; requests?: number } = {},
): Promise<{ p50: number; p95: number; p99: number; max: number }> {
  // One connection: the figure is a query's own time, not a pool's parallelism.
  const database = await openPostgres(databaseUrl, 1);
  try {
    await database.migrate();
    const catalogue = createCatalogueService(database.db);
    const have = await catalogue.countProducts(database.db);
    if (have < products) {
      console.log(`facets: loading ${products - have} products…`);
      await generateCatalogue(database.db, products - have);
      await database.db.execute(sql`vacuum analyze products`);
    }
    const app = await buildApp({
      config: loadConfig({
        ...process.env,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
        DATABASE_URL: databaseUrl,
        CATALOGUE_CACHE_MB: '0',
      }),
      database,
    });
    try {
      const timings: number[] = [];
      for (const query of facetQueries(requests)) {
        const started = performance.now();
        const response = await app.inject(`/api/v1/product/facets?${query}`);
        timings.push(performance.now() - started);
        if (response.statusCode !== 200) {
          throw new Error(`facets?${query} answered ${response.statusCode}: ${response.body}`);
        }
      }
      const sorted = [...timings].sort((a, b) => a - b);
      const figures = {
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        p99: percentile(sorted, 0.99),
        max: sorted.at(-1) ?? Number.NaN,
      };
      // The machine's pace in the same run: a bare count of the products on sale,
      // one pass over the same index, so a loaded machine's figures can be read.
      const counts: number[] = [];
      for (let run = 0; run < 50; run++) {
        const started = performance.now();
        await database.db.execute(sql`select count(*) from products where archived_at is null`);
        counts.push(performance.now() - started);
      }
      const baseline = percentile(
        [...counts].sort((a, b) => a - b),
        0.95,
      );
      const size = await catalogueSize(database.db);
      console.log(
        `facets on PostgreSQL, ${size.products} products in ${size.styles} styles, ` +
          `${requests} cold requests on one connection: ` +
          `p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, ` +
          `p99 ${figures.p99.toFixed(1)} ms, max ${figures.max.toFixed(1)} ms; ` +
          `a bare count(*) of them: p95 ${baseline.toFixed(1)} ms (the machine's pace)`,
      );
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const url = process.env.BENCH_FACETS_DATABASE_URL;
  if (!url) {
    console.error('Set BENCH_FACETS_DATABASE_URL to a PostgreSQL database to fill and query.');
    process.exitCode = 1;
  } else {
    benchFacets(url).catch((error: unknown) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exitCode = 1;
    });
  }
}
