import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { BROWSER_ENTRIES } from '../contract/src/server-rendering.ts';
import { BROWSER_CONTRACT_VALUES, browserContract } from '../scripts/vite-browser-contract.ts';
import { precompress } from '../scripts/vite-precompress.ts';

/** The API server that `npm run dev` starts beside Vite (scripts/dev.ts). */
const API_SERVER = 'http://localhost:3000';

/** Where the server build goes, inside the client's outDir (dot folders are never served). */
export const SSR_OUT_DIR = '.ssr';

/**
 * The pages a shopper lands on besides home, rendered by the server or
 * preloaded by it (web/src/entry-server.tsx): the modules two or more of them
 * share load as one file (decision 027).
 */
const APP_SOURCES = `${import.meta.dirname}/src/`;
const LANDING_PAGES = ['products', 'product', 'cart', 'wishlist'].map(
  (page) => `${APP_SOURCES}app/routes/${page}.tsx`,
);

let landingShared: { context: Rolldown.ChunkingContext; ids: Set<string> } | undefined;

/**
 * The app's own modules that two or more landing pages import statically
 * (once per chunking pass). Only the app's: the static graph also reaches the
 * contract's index and through it zod, which tree-shaking leaves out of these
 * pages.
 */
function sharedByLandingPages(context: Rolldown.ChunkingContext): Set<string> {
  if (landingShared?.context === context) return landingShared.ids;
  const pagesUsing = new Map<string, number>();
  for (const page of LANDING_PAGES) {
    const seen = new Set<string>();
    const visit = (id: string) => {
      for (const imported of context.getModuleInfo(id)?.importedIds ?? []) {
        if (!imported.startsWith(APP_SOURCES) || LANDING_PAGES.includes(imported)) continue;
        if (seen.has(imported)) continue;
        seen.add(imported);
        visit(imported);
      }
    };
    visit(page);
    for (const id of seen) pagesUsing.set(id, (pagesUsing.get(id) ?? 0) + 1);
  }
  const ids = new Set([...pagesUsing].filter(([, pages]) => pages > 1).map(([id]) => id));
  landingShared = { context, ids };
  return ids;
}

/**
 * Two builds (scripts/build-web.ts): the browser's, then with `--ssr` the
 * server entry that renders the public pages (decision 022). The server
 * build bundles every dependency, so it runs from any WEB_ROOT.
 */
export default defineConfig(({ isSsrBuild }) => ({
  // Run from the repository root (`vite --config web/vite.config.ts`), so the root is this folder.
  root: import.meta.dirname,
  plugins: isSsrBuild
    ? [react(), tailwindcss()]
    : [react(), tailwindcss(), browserContract(), precompress()],
  build: isSsrBuild
    ? {
        outDir: `dist/${SSR_OUT_DIR}`,
        emptyOutDir: true,
        rollupOptions: {
          input: 'src/entry-server.tsx',
          // .mjs: the folder has no package.json saying "type": "module".
          output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
        },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // scripts/check-budgets.ts reads which chunks each route loads from it.
        manifest: true,
        rolldownOptions: {
          // index.html's entry (main.tsx), and the first script of the server-rendered pages, which
          // imports that entry only once the page has painted (decision 027).
          input: {
            index: `${import.meta.dirname}/${BROWSER_ENTRIES.app}`,
            'entry-after-paint': `${import.meta.dirname}/${BROWSER_ENTRIES.afterPaint}`,
          },
          output: {
            // A chunk's name is its hash alone: the entry lists every lazy route's files for preloading,
            // and names there cost the first load of / about 0.5 KB (brotli) of its 100 KB budget.
            chunkFileNames: 'assets/[hash].js',
            // Everything the entry imports statically goes into the entry's one file (decision 027):
            // left to itself the bundler splits it into ~30 small shared chunks, a round trip each
            // on a slow phone, and compresses worse. The group is closed under static imports
            // already, so it needs no recursive capture (which would follow lazy routes in).
            codeSplitting: {
              groups: [
                // Not the after-paint entry's module: it imports the app's entry only after the paint.
                {
                  name: 'app',
                  tags: ['$initial'],
                  test: (id) => !id.endsWith(BROWSER_ENTRIES.afterPaint),
                  includeDependenciesRecursively: false,
                },
                // The contract's values and plain functions the other pages use (SIZES, isSize(), the
                // endpoints' records: scripts/vite-browser-contract.ts) in one small file. Left to
                // itself the bundler puts each beside its file's schemas, whose chunk imports zod:
                // /products loaded zod's 22 KB for isSize() and a list splitter (decision 027).
                {
                  name: 'contract',
                  test: (id) => id.startsWith(BROWSER_CONTRACT_VALUES),
                  includeDependenciesRecursively: false,
                },
                // What the landing pages load besides the entry, in one file: left to itself the
                // bundler made 5-9 files of 0.3-1 KB each (a dialog, a stepper, a breadcrumb), and on a
                // phone's six HTTP/1.1 connections they queued ahead of the pictures (decision 027).
                {
                  name: (id, context) => (sharedByLandingPages(context).has(id) ? 'pages' : null),
                  debugName: 'pages',
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  resolve: isSsrBuild
    ? {}
    : { alias: [{ find: /^zod$/, replacement: `${import.meta.dirname}/src/lib/zod-jitless.ts` }] },
  ssr: { noExternal: true },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': API_SERVER,
      '/media': API_SERVER,
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': API_SERVER,
      '/media': API_SERVER,
    },
  },
}));
