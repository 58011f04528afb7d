/**
 * `npm start`: builds the web app and the server when either has never been
 * built or its sources changed since (both at once), then runs the compiled
 * server, server/dist/server.mjs, which migrates and seeds. Plain JavaScript,
 * so a start compiles no TypeScript: only a stale build runs tsx, in a child
 * (decision 053).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// WEB_ROOT lets a second checkout of the shop (or a test run) build and serve its own copy.
const webRoot = resolve(process.env.WEB_ROOT ?? join(root, 'web/dist'));
const serverBuild = join(root, 'server/dist/server.mjs');

const BUILDS = [
  {
    name: 'the web app',
    script: 'scripts/build-web.ts',
    // The server entry is written last: with it, both of the web app's builds are complete.
    built: join(webRoot, '.ssr', 'entry-server.mjs'),
    sources: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'scripts/vite-precompress.ts',
      'scripts/build-web.ts',
      'scripts/vite-browser-contract.ts',
      'contract/src',
      'package-lock.json',
    ],
  },
  {
    name: 'the server',
    script: 'scripts/build-server.ts',
    built: serverBuild,
    sources: [
      'server/src',
      'contract/src',
      'scripts/build-server.ts',
      // Its `imports` map and dependencies.
      'package.json',
      'package-lock.json',
    ],
  },
];

/** @param {string} path */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(path).map((entry) => newestChange(join(path, entry))),
  );
}

/** @param {string} script */
function runBuild(script) {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--quiet'], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('exit', (code) => done(code === 0));
    child.on('error', () => done(false));
  });
}

const stale = BUILDS.filter(({ built, sources }) => {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return sources.some((source) => newestChange(join(root, source)) > builtAt);
});
if (stale.length > 0) {
  console.log(`Building ${stale.map((build) => build.name).join(' and ')}…`);
  const built = await Promise.all(stale.map((build) => runBuild(build.script)));
  if (built.includes(false)) process.exit(1);
}

await import(pathToFileURL(serverBuild).href);
