/**
 * Compiles the server (server/src/server.ts and every file it imports, the
 * contract's included) into one ES module, server/dist/server.mjs, that
 * `npm start` runs with plain Node: no TypeScript compiled at run time
 * (decision 053). The packages it uses are compiled in too, but for those that
 * must stay in node_modules (decision 062): one module to load instead of
 * hundreds of files to find, read and link. What the server imports on first
 * use stays a dynamic import: a package kept out is imported from node_modules
 * then, and code compiled in is a chunk of its own beside the module, read only
 * then (decision 078). `npm run build` (so `npm test`) and `npm start`, when the
 * build is older than its sources, build through it.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type OutputFile, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

export const SERVER_ENTRY = join(root, 'server/src/server.ts');
export const SERVER_BUILD = join(root, 'server/dist/server.mjs');
const SERVER_BUILD_DIR = dirname(SERVER_BUILD);

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
      const fromBundle = relative(SERVER_BUILD_DIR, args.path).split('\\').join('/');
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
 * Edits to packages' code as it is compiled in, each a question the shop's
 * start need not ask (decision 078). An edit whose text a package no longer
 * has fails the build: the upgrade is to review.
 */
const PACKAGE_EDITS = [
  {
    // pg asks, as it loads, whether it runs in a Cloudflare Worker by building a
    // `Response`, which on Node 20 loads the whole of fetch's implementation. The
    // shop runs on Node.
    file: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/,
    find: 'if (isCloudflareRuntime()) {',
    replace: 'if (false) {',
  },
  {
    // @fastify/compress asks of every answer whether it is a fetch `Response`, which
    // loads fetch's implementation at the first answer. Only an object that says it
    // is one is asked, as before.
    file: /[\\/]node_modules[\\/]@fastify[\\/]compress[\\/]lib[\\/]utils\.js$/,
    find: 'return obj instanceof Response',
    replace: "return obj?.[Symbol.toStringTag] === 'Response' && obj instanceof Response",
  },
  {
    // zod compiles in its messages in every language (a tenth of the module) to
    // offer them as `z.locales` and `z.core.locales`; the shop's messages are its
    // own, in English, and zod's English ones stay (its default).
    file: /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index)\.js$/,
    find: 'export * as locales from "../locales/index.js";',
    replace: '',
  },
];

const packageEdits: Plugin = {
  name: 'package-edits',
  setup(builder) {
    for (const edit of PACKAGE_EDITS) {
      builder.onLoad({ filter: edit.file }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes(edit.find)) {
          return { errors: [{ text: `${args.path} no longer has ${JSON.stringify(edit.find)}` }] };
        }
        return { contents: source.replace(edit.find, edit.replace), loader: 'js' };
      });
    }
  },
};

/**
 * Packages imported from node_modules as they are: native addons and
 * WebAssembly (found beside their own files), modules loaded on first use
 * (kept out of the start), pino (its transports run its files in worker
 * threads), and the API documentation's, loaded on its first request, which
 * read their own files.
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

/**
 * The server compiled in memory: the module, the chunks it imports on first use
 * (beside it, so each source file's URL stays relative to the same folder), their
 * source maps, and what each imports.
 */
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
    // A dynamic import of code compiled in is a chunk read when first imported: a shop on
    // PostgreSQL never reads drizzle's PGlite adapter, nor the PGlite it imports (decision 078).
    splitting: true,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
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
    outdir: SERVER_BUILD_DIR,
    logLevel: 'warning',
    plugins: [sourceFileUrls, packageEdits],
  });
}

/**
 * The packages the compiled server imports as it loads: those the module and the
 * chunks it imports statically import statically, as opposed to those imported on
 * first use.
 */
export function packagesLoadedAtStart(metafile: Metafile): string[] {
  const outputOf = (file: string) => metafile.outputs[relative(process.cwd(), file)];
  const loaded = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const entry of outputOf(file)?.imports ?? []) {
      if (entry.kind !== 'import-statement') continue;
      if (entry.external) packages.add(entry.path);
      else visit(entry.path);
    }
  };
  visit(SERVER_BUILD);
  return [...packages];
}

/**
 * Builds server/dist/server.mjs and its chunks, then removes the files an earlier
 * build left there; false when it failed (esbuild has printed why).
 */
export async function buildServer(): Promise<boolean> {
  try {
    const result = await bundleServer();
    mkdirSync(SERVER_BUILD_DIR, { recursive: true });
    // The module is written last: with it, the build is complete. Each file is written
    // whole (a rename): a shop running may read a chunk as another start builds.
    const files = [...result.outputFiles].sort((a) => (a.path === SERVER_BUILD ? 1 : -1));
    for (const file of files) {
      // Two shops starting at once in one checkout may both build: each writes its own files.
      const partial = `${file.path}.${process.pid}.partial`;
      writeFileSync(partial, file.contents);
      renameSync(partial, file.path);
    }
    // A chunk's name carries its content's hash: what another build left is unused.
    const built = new Set(files.map((file) => file.path));
    for (const name of readdirSync(SERVER_BUILD_DIR)) {
      const path = join(SERVER_BUILD_DIR, name);
      if (!built.has(path) && !name.endsWith('.partial')) rmSync(path, { force: true });
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
