/**
 * `npm start`: builds the web app when it has never been built or its
 * sources changed since, then runs the server (which migrates and seeds).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebApp } from './build-web.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// WEB_ROOT lets a second checkout of the shop (or a test run) build and serve its own copy.
const webRoot = resolve(process.env.WEB_ROOT ?? join(root, 'web/dist'));
// The server entry is written last: with it, both builds are complete.
const builtMarker = join(webRoot, '.ssr', 'entry-server.mjs');
const sources = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'scripts/vite-precompress.ts',
  'scripts/build-web.ts',
  'scripts/vite-browser-contract.ts',
  'contract/src',
  'package-lock.json',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(path).map((entry) => newestChange(join(path, entry))),
  );
}

const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0;
if (sources.some((source) => newestChange(join(root, source)) > builtAt)) {
  console.log('Building the web app…');
  if (!buildWebApp(webRoot, { quiet: true })) process.exit(1);
}

await import('../server/src/server.ts');
