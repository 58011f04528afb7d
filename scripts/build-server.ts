/**
 * Compiles the server (server/src/server.ts and every file it imports, the
 * contract's included) into one ES module, server/dist/server.mjs, that
 * `npm start` runs with plain Node: no TypeScript compiled at run time
 * (decision 053). The packages it uses are compiled in too, but for those that
 * must stay in node_modules (decision 062): one module to load instead of
 * hundreds of files to find, read and link. A module the server imports on
 * first use stays a dynamic import. `npm run build` (so `npm test`) and `npm
 * start`, when the build is older than its sources, build through it.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type OutputFile, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

export const SERVER_ENTRY = join(root, 'server/src/server.ts');
export const SERVER_BUILD = join(root, 'server/dist/server.mjs');

/**
 * A source file finds its neighbours (migrations, fonts, the web build)
 * relative to its own URL; in the bundle every file shares one URL, so each
 * one's `import.meta.url` becomes its source file's, relative to the bundle
 * (a copied or moved checkout still works).
 */
const sourceFileUrls: Plugin = {
  name: 'source-file-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(dirname(SERVER_BUILD), args.path).split('\\').join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

/**
 * Packages imported from node_modules as they are: native addons and
 * WebAssembly (found beside their own files), modules loaded on first use
 * (kept out of the start), pino (its transports run its files in worker
 * threads), and the API documentation's, which read their own files.
 */
export const PACKAGES_KEPT_OUT = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@electric-sql/pglite-tools/*',
  'pg-native',
  'sharp',
  '@resvg/resvg-js',
  '@node-rs/argon2',
  'pdfkit',
  'nodemailer',
  'pino',
  'pino-pretty',
  '@fastify/swagger',
  '@fastify/swagger-ui',
];

/** The server compiled in memory: the module and its source map, and what it imports. */
export async function bundleServer(): Promise<{ outputFiles: OutputFile[]; metafile: Metafile }> {
  return build({
    entryPoints: [SERVER_ENTRY],
    bundle: true,
    external: PACKAGES_KEPT_OUT,
    // The packages compiled in that are CommonJS call require(), which an ES module lacks.
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
    },
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Whitespace and comments out, names kept (stack traces still name their functions):
    // a third less source to read, decode and parse at every start (decision 076).
    minifyWhitespace: true,
    minifySyntax: true,
    // The packages' licence comments go to a file beside the module, whose text then
    // stays ASCII, which V8 keeps at one byte a character (decision 076).
    legalComments: 'linked',
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    metafile: true,
    outfile: SERVER_BUILD,
    logLevel: 'warning',
    plugins: [sourceFileUrls],
  });
}

/**
 * The packages the compiled server imports as it loads (static imports), as
 * opposed to those it imports on first use.
 */
export function packagesLoadedAtStart(metafile: Metafile): string[] {
  return Object.values(metafile.outputs).flatMap((output) =>
    output.imports
      .filter((entry) => entry.external && entry.kind === 'import-statement')
      .map((entry) => entry.path),
  );
}

/** Builds server/dist/server.mjs; false when it failed (esbuild has printed why). */
export async function buildServer(): Promise<boolean> {
  try {
    const result = await bundleServer();
    mkdirSync(dirname(SERVER_BUILD), { recursive: true });
    // The module is written last, and whole (a rename): with it, the build is complete.
    const [module, ...others] = [...result.outputFiles].sort((a) =>
      a.path === SERVER_BUILD ? -1 : 1,
    );
    for (const file of others) writeFileSync(file.path, file.contents);
    if (module) {
      // Two shops starting at once in one checkout may both build: each writes its own file.
      const partial = `${SERVER_BUILD}.${process.pid}.partial`;
      writeFileSync(partial, module.contents);
      renameSync(partial, SERVER_BUILD);
    }
    return true;
  } catch {
    return false;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!(await buildServer())) process.exit(1);
  console.log(`Built ${relative(root, SERVER_BUILD)}`);
}
