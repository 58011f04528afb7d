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
  '@fastify/swagger',
  '@fastify/swagger-ui',
];

it('compiles the server and its packages into one module that loads no heavy module at start', async () => {
  const { outputFiles, metafile } = await bundleServer();

  const names = outputFiles.map((file) => file.path.split('/').slice(-2).join('/'));
  expect(names).toEqual(
    expect.arrayContaining(['dist/server.mjs', 'dist/server.mjs.LEGAL.txt', 'dist/server.mjs.map']),
  );
  // Beside the module, only the chunks it imports on first use, each with its source map.
  for (const name of names.filter((file) => !file.startsWith('dist/server.mjs'))) {
    expect(name).toMatch(/^dist\/[\w-]+-[A-Z0-9]{8}\.mjs(\.map)?$/);
  }
  // One character outside ASCII and V8 holds the whole module's text at two bytes a character.
  for (const module of outputFiles.filter((file) => file.path.endsWith('.mjs'))) {
    expect(
      module.contents.every((byte) => byte < 0x80),
      module.path,
    ).toBe(true);
  }
  const compiledIn = Object.keys(metafile.inputs);
  expect(compiledIn).toContainEqual(expect.stringMatching(/(^|\/)node_modules\/fastify\//));
  // zod's messages in English only, its default (decision 078).
  expect(compiledIn.filter((path) => path.includes('node_modules/zod/v4/locales/'))).toEqual([
    expect.stringMatching(/\/locales\/en\.js$/),
  ]);
  const atStart = packagesLoadedAtStart(metafile);
  // PGlite loads when the shop opens it: drizzle's adapter for it is a chunk of its own (decision 078).
  expect(atStart).not.toContain('@electric-sql/pglite');
  expect(atStart).toContain('node:http');
  // pg loads when the shop opens PostgreSQL, PGlite's pg_dump at the first backup (decision 076).
  const firstPartyImports = Object.entries(metafile.inputs)
    .filter(([path]) => !path.includes('node_modules/'))
    .flatMap(([, input]) => input.imports);
  for (const onDemand of ['pg', '@electric-sql/pglite-tools/pg_dump']) {
    const imports = firstPartyImports.filter(
      (entry) => (entry.original ?? entry.path) === onDemand,
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((entry) => entry.kind !== 'dynamic-import')).toEqual([]);
  }
  for (const heavy of LOADED_ON_FIRST_USE) {
    expect(atStart).not.toContain(heavy);
    expect(compiledIn).not.toContainEqual(expect.stringContaining(`node_modules/${heavy}/`));
  }
}, 60_000);
