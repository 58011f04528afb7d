/**
 * Builds the web app into `outDir` (web/dist unless given): the browser's
 * files, then the server entry into `outDir/.ssr` (decision 022). `npm run
 * build`, `npm start` and the server-rendering tests all build through it.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vite = join(root, 'node_modules/vite/bin/vite.js');

/** Runs both builds; false when either failed (Vite has printed why). */
export function buildWebApp(outDir: string, { quiet = false } = {}): boolean {
  const common = [
    'build',
    '--config',
    'web/vite.config.ts',
    ...(quiet ? ['--logLevel', 'warn'] : []),
  ];
  const builds = [
    [...common, '--outDir', outDir],
    [...common, '--ssr', '--outDir', join(outDir, '.ssr')],
  ];
  return builds.every(
    (args) =>
      spawnSync(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit' }).status === 0,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.env.WEB_ROOT ?? join(root, 'web/dist'));
  if (!buildWebApp(outDir, { quiet: process.argv.includes('--quiet') })) process.exit(1);
}
