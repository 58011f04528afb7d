import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite-precompress.ts';

/** The API server that `npm run dev` starts beside Vite (scripts/dev.ts). */
const API_SERVER = 'http://localhost:3000';

export default defineConfig({
  // Run from the repository root (`vite --config web/vite.config.ts`), so the root is this folder.
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-budgets.ts reads which chunks each route loads from it.
    manifest: true,
  },
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
});
