/**
 * `npm run build`, after Vite: prints what each page downloads, compressed as
 * the server sends it, and fails when the first load of / is over budget
 * (issue 14). Reads which chunks a page loads from Vite's manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BROWSER_ENTRIES } from '#contract';

/**
 * First-load budgets for /, in bytes on the wire (brotli, as served): issue
 * 14's 100 KB of JS and 15 KB of CSS. Zod and the contract's schemas are out
 * of it (scripts/vite-browser-contract.ts, decision 027), the routes are
 * declarative, without the data router, and the entry's modules are one file
 * (decision 027); what is left is React DOM (~50 KB), React Router (~12 KB),
 * TanStack Query (~12 KB) and the app.
 */
export const BUDGETS = { js: 100 * 1024, css: 15 * 1024 };

/**
 * First-load JS budgets of the other pages Lighthouse audits (issue 14), in
 * bytes (brotli): on them every script the page starts before its first paint
 * counts in the simulated FCP and LCP. Forms, schemas and the design renderer
 * load when used, not with the page (decision 027): each is the
 * entry plus ~6-11 KB now (about 108, 110 and 105 KB).
 */
export const PAGE_JS_BUDGETS: Readonly<Record<string, number>> = {
  products: 115 * 1024,
  product: 115 * 1024,
  cart: 115 * 1024,
};

/**
 * The pages the server renders (web/src/entry-server.tsx): they start with
 * the after-paint script, which then loads the entry (decision
 * 027); the others load the entry straight away.
 */
const SERVER_RENDERED_PAGES = new Set(['/', 'products', 'product']);

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageWeight {
  page: string;
  files: string[];
  js: { raw: number; gzip: number; brotli: number };
  css: { raw: number; gzip: number; brotli: number };
}

/** The chunk and every chunk it imports statically (they load, or are preloaded, with it). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function sizes(webRoot: string, files: string[]) {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const content = readFileSync(join(webRoot, file));
    total.raw += content.length;
    // The build's own compressed copies when there are (what the server sends), else as it would.
    const br = join(webRoot, `${file}.br`);
    const gz = join(webRoot, `${file}.gz`);
    total.brotli += existsSync(br)
      ? readFileSync(br).length
      : brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }).length;
    total.gzip += existsSync(gz) ? readFileSync(gz).length : gzipSync(content, { level: 9 }).length;
  }
  return total;
}

/**
 * What the first load of each page costs: the entry's chunks plus the page's
 * lazy chunks, and on server-rendered pages the script that loads them.
 */
export function measurePages(webRoot: string): PageWeight[] {
  const manifest = JSON.parse(
    readFileSync(join(webRoot, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = BROWSER_ENTRIES.app;
  if (!manifest[entry] || !manifest[BROWSER_ENTRIES.afterPaint]) {
    throw new Error('The manifest lacks the app entry or the after-paint entry');
  }
  const pages: [string, string | undefined][] = [
    ['/', undefined],
    ...Object.keys(manifest)
      .filter((key) => /^src\/app\/routes\/.+\.tsx$/.test(key))
      .sort()
      .map((key): [string, string] => [key.replace(/^src\/app\/routes\/|\.tsx$/g, ''), key]),
  ];
  return pages.map(([page, route]) => {
    const chunks = staticClosure(manifest, entry);
    if (route) staticClosure(manifest, route, chunks);
    if (SERVER_RENDERED_PAGES.has(page))
      staticClosure(manifest, BROWSER_ENTRIES.afterPaint, chunks);
    const jsFiles = [...chunks].map((key) => manifest[key]?.file ?? key);
    const cssFiles = [...new Set([...chunks].flatMap((key) => manifest[key]?.css ?? []))];
    return {
      page,
      files: [...jsFiles, ...cssFiles],
      js: sizes(webRoot, jsFiles),
      css: sizes(webRoot, cssFiles),
    };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const webRoot = resolve(process.env.WEB_ROOT ?? join(root, 'web/dist'));
  const pages = measurePages(webRoot);
  console.log('First load per page (entry + the page chunk), bytes on the wire:');
  console.table(
    Object.fromEntries(
      pages.map(({ page, js, css }) => [
        page,
        {
          'JS raw': kb(js.raw),
          'JS gzip': kb(js.gzip),
          'JS brotli': kb(js.brotli),
          'CSS gzip': kb(css.gzip),
          'CSS brotli': kb(css.brotli),
        },
      ]),
    ),
  );
  const home = pages[0];
  const problems = [
    home && home.js.brotli > BUDGETS.js
      ? `JS for / is ${kb(home.js.brotli)} (brotli), over its ${kb(BUDGETS.js)} budget`
      : '',
    home && home.css.brotli > BUDGETS.css
      ? `CSS for / is ${kb(home.css.brotli)} (brotli), over its ${kb(BUDGETS.css)} budget`
      : '',
    ...Object.entries(PAGE_JS_BUDGETS).map(([page, budget]) => {
      const js = pages.find((measured) => measured.page === page)?.js.brotli;
      if (js === undefined) return `No page ${page} in the build to measure (renamed?)`;
      return js > budget
        ? `JS for ${page} is ${kb(js)} (brotli), over its ${kb(budget)} budget`
        : '';
    }),
  ].filter(Boolean);
  if (problems.length > 0) {
    console.error(`Over budget (issue 14):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    `Within budget: / loads ${kb(home?.js.brotli ?? 0)} of JS (max ${kb(BUDGETS.js)}) and ${kb(home?.css.brotli ?? 0)} of CSS (max ${kb(BUDGETS.css)}), brotli; ${Object.entries(
      PAGE_JS_BUDGETS,
    )
      .map(
        ([page, budget]) =>
          `${page} ${kb(pages.find((measured) => measured.page === page)?.js.brotli ?? 0)} of JS (max ${kb(budget)})`,
      )
      .join(', ')}.`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
