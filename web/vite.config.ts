import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BROWSER_CONTRACT_VALUES, browserContract } from '../scripts/vite-browser-contract.ts';
import { precompress } from '../scripts/vite-precompress.ts';

/** The API server that `npm run dev` starts beside Vite (scripts/dev.ts). */
const API_SERVER = 'http://localhost:3000';

/** Where the server build goes, inside the client's outDir (dot folders are never served). */
export const SSR_OUT_DIR = '.ssr';

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
          output: {
            // Everything the entry imports statically goes into the entry's one file (decision 027):
            // left to itself the bundler splits it into ~30 small shared chunks, a round trip each
            // on a slow phone, and compresses worse. The group is closed under static imports
            // already, so it needs no recursive capture (which would follow lazy routes in).
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'], includeDependenciesRecursively: false },
                // The contract's values and plain functions the other pages use (SIZES, isSize(), the
                // endpoints' records: scripts/vite-browser-contract.ts) in one small file. Left to
                // itself the bundler puts each beside its file's schemas, whose chunk imports zod:
                // /products loaded zod's 22 KB for isSize() and a list splitter (decision 027).
                {
                  name: 'contract',
                  test: (id) => id.startsWith(BROWSER_CONTRACT_VALUES),
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
