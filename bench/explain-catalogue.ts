import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ListProductsQuerySchema } from '#contract';
import type { Database } from '#server/db/client.ts';
import { PGLITE_EXTENSIONS } from '#server/db/client.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { catalogueSize } from './generate-catalogue.ts';

/**
 * The catalogue's cold queries, one at a time on one connection, as decision
 * 023 measured them: for each listing (every filter alone, the four together,
 * every sort, a deep page, search) the SQL each query ran with its EXPLAIN
 * ANALYZE, and p50/p95 of the whole service call.
 *   DATABASE_URL=postgres://… node --import tsx bench/explain-catalogue.ts [--plans] [--runs 20]
 *   DATA_DIR=.data node --import tsx bench/explain-catalogue.ts   (PGlite)
 */

export const LISTINGS: Record<string, Record<string, string>> = {
  default: {},
  'gender=Men,Unisex': { gender: 'Men,Unisex' },
  'category=Hoodies': { category: 'Hoodies' },
  'size=M,L': { size: 'M,L' },
  'price 400..2500': { minPrice: '400', maxPrice: '2500' },
  'rating>=4': { rating: '4' },
  '4 filters, priceAsc': {
    gender: 'Men,Unisex',
    size: 'M,L',
    minPrice: '400',
    maxPrice: '2500',
    rating: '3',
    sortBy: 'priceAsc',
  },
  '4 filters, newest': {
    gender: 'Women',
    size: 'XS',
    minPrice: '1500',
    maxPrice: '1600',
    rating: '4.5',
    sortBy: 'newest',
  },
  'page 2000': { page: '2000' },
  'sort priceAsc': { sortBy: 'priceAsc' },
  'sort priceDesc': { sortBy: 'priceDesc' },
  'sort ratingAsc': { sortBy: 'ratingAsc' },
  'sort newest': { sortBy: 'newest' },
  'sort bestSelling': { sortBy: 'bestSelling' },
  "search 'tshirt'": { search: 'tshirt' },
  "search 'tshrt'": { search: 'tshrt' },
  "search 'navy hoodie', priceAsc": { search: 'navy hoodie', sortBy: 'priceAsc' },
};

interface Logged {
  text: string;
  params: unknown[];
}

async function open(): Promise<{
  db: Database;
  run: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  logged: Logged[];
  close: () => Promise<void>;
}> {
  const logged: Logged[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => logged.push({ text, params }) };
  const options = { casing: 'snake_case', logger } as const;
  if (process.env.DATABASE_URL) {
    // One connection: the goal is single-connection latency.
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    return {
      db: drizzleNodePg(pool, options),
      run: (text, params) => pool.query(text, params),
      logged,
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(join(process.env.DATA_DIR ?? '.data', 'pglite'), {
    extensions: PGLITE_EXTENSIONS,
  });
  return {
    db: drizzlePglite(client, options),
    run: async (text, params) => client.query(text, params),
    logged,
    close: () => client.close(),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

async function main(argv: string[]): Promise<void> {
  const plans = argv.includes('--plans');
  const at = argv.indexOf('--runs');
  const runs = at >= 0 ? Number(argv[at + 1]) : 20;
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const { db, run, logged, close } = await open();
  const catalogue = createCatalogueService(db);
  try {
    const [first] = (await catalogue.listProducts(ListProductsQuerySchema.parse({}))).results;
    const scenarios: [string, () => Promise<unknown>][] = [
      ...Object.entries(LISTINGS).map(([name, query]): [string, () => Promise<unknown>] => [
        name,
        () => catalogue.listProducts(ListProductsQuerySchema.parse(query)),
      ]),
      ['detail', () => catalogue.getProduct(first?._id ?? '')],
    ];
    // One call of each first: the first scenario measured otherwise pays for compiling the
    // code paths every scenario shares (Node's JIT, PGlite's WebAssembly tiers).
    for (const [name, call] of scenarios) if (!only || name.includes(only)) await call();
    const size = await catalogueSize(db);
    console.log(
      `${size.products} products in ${size.styles} styles (total counts styles; 1000+: more than counted)`,
    );
    console.log(`scenario                          total    p50 ms  p95 ms  queries`);
    for (const [name, call] of scenarios) {
      if (only && !name.includes(only)) continue;
      logged.length = 0;
      const result = (await call()) as { total?: number; moreThanTotal?: boolean };
      const total = `${result.total ?? '-'}${result.moreThanTotal ? '+' : ''}`;
      const queries = [...logged];
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now();
        await call();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(32)} ${total.padStart(6)}  ${percentile(times, 50)
          .toFixed(1)
          .padStart(6)}  ${percentile(times, 95).toFixed(1).padStart(6)}  ${queries.length}`,
      );
      if (!plans) continue;
      for (const query of queries) {
        console.log(
          `\n  -- ${query.text.replace(/\s+/g, ' ')}\n  -- ${JSON.stringify(query.params)}`,
        );
        const { rows } = await run(`explain (analyze, buffers) ${query.text}`, query.params);
        for (const row of rows) console.log(`  ${String(Object.values(row)[0])}`);
      }
      console.log();
    }
  } finally {
    await close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
