/**
 * `npm start`: builds the web app when it has never been built or its
 * sources changed since, then runs the server (which migrates and seeds).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// WEB_ROOT lets a second checkout of the shop (or a test run) build and serve its own copy.
const webRoot = resolve(process.env.WEB_ROOT ?? join(root, 'web/dist'));
const builtIndex = join(webRoot, 'index.html');
const sources = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'scripts/vite-precompress.ts',
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

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (sources.some((source) => newestChange(join(root, source)) > builtAt)) {
  console.log('Building the web app…');
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--config', 'web/vite.config.ts', '--outDir', webRoot, '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../server/src/server.ts');
