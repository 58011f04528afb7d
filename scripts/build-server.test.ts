import { expect, it } from 'vitest';
import { bundleServer, packagesLoadedAtStart } from './build-server.ts';

/**
 * Heavy modules load on first use, not at start (issue 30): the compiled
 * server imports none of them as it loads, only dynamically.
 */
const LOADED_ON_FIRST_USE = [
  'sharp',
  '@resvg/resvg-js',
  'pdfkit',
  'nodemailer',
  '@node-rs/argon2',
  'pino-pretty',
];

it('compiles the server and its packages into one module that loads no heavy module at start', async () => {
  const { outputFiles, metafile } = await bundleServer();

  expect(outputFiles.map((file) => file.path.split('/').slice(-2).join('/')).sort()).toEqual([
    'dist/server.mjs',
    'dist/server.mjs.LEGAL.txt',
    'dist/server.mjs.map',
  ]);
  // One character outside ASCII and V8 holds the whole module's text at two bytes a character.
  const module = outputFiles.find((file) => file.path.endsWith('.mjs'));
  expect(module?.contents.every((byte) => byte < 0x80)).toBe(true);
  const compiledIn = Object.keys(metafile.inputs);
  expect(compiledIn).toContainEqual(expect.stringMatching(/(^|\/)node_modules\/fastify\//));
  const atStart = packagesLoadedAtStart(metafile);
  expect(atStart).toContain('@electric-sql/pglite');
  for (const heavy of LOADED_ON_FIRST_USE) {
    expect(atStart).not.toContain(heavy);
    expect(compiledIn).not.toContainEqual(expect.stringContaining(`node_modules/${heavy}/`));
  }
}, 60_000);
