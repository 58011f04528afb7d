import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  BROWSER_ENTRIES,
  type CatalogueReader,
  ListProductsQuerySchema,
  REVIEWS_PAGE_SIZE,
  type RenderedPage,
  type ServerEntry,
} from '#contract';
import type { CatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import type { SharedDesignsService } from '#server/features/designs/shared-designs.service.ts';
import type { ReviewsService } from '#server/features/reviews/reviews.service.ts';
import { badRequest } from '#server/lib/app-error.ts';

/** Where `vite build --ssr` puts the web app's server entry, inside the built app (decision 022). */
const SERVER_ENTRY = join('.ssr', 'entry-server.mjs');

/** The built page's own title and description make way for the rendered page's. */
const TEMPLATE_HEAD_TAGS = [/<title>[\s\S]*?<\/title>\s*/, /<meta\s+name="description"[^>]*>\s*/];
const ROOT = '<div id="root"></div>';
/** The built page's entry script, the first file its head fetches. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="[^"]+"><\/script>/;
/** Vite's preloads of the entry's imports, after the entry script. */
const ENTRY_MODULE_PRELOADS = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
/**
 * React's preloads of the pictures the page marks `fetchPriority="high"` (its
 * LCP), which it writes at the start of the markup, after the head's scripts.
 */
const LEADING_IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*\/>)+/;
/** The built page's stylesheet link (Vite writes one for the entry's CSS). */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Build {
  builtAt: number;
  /** The built index.html with its stylesheet inlined (decision 027). */
  template: string;
  manifest: Manifest;
  entry: ServerEntry;
}

/** A chunk and every chunk it imports, as the browser build's manifest lists them. */
function chunkClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) chunkClosure(manifest, imported, seen);
  return seen;
}

/** The files of the page's route module and what it imports, less the entry's own. */
function routeFiles(manifest: Manifest, routeModule: string | undefined): string[] {
  if (!routeModule) return [];
  const loaded = chunkClosure(manifest, BROWSER_ENTRIES.app);
  return [...chunkClosure(manifest, routeModule)]
    .filter((key) => !loaded.has(key))
    .map((key) => `/${manifest[key]?.file}`);
}

/**
 * `<link rel="modulepreload">` for the page's route module and what it
 * imports, less what the entry already preloads: the browser renders the
 * page once they are in, so they are fetched beside the entry, not after it.
 */
function routePreloads(manifest: Manifest, routeModule: string | undefined): string {
  return routeFiles(manifest, routeModule)
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('\n    ');
}

/**
 * The one script of a server-rendered page: it fetches the entry, the
 * entry's imports and the page's route module only after the page has
 * painted its pictures (web/src/entry-after-paint.ts, decision
 * 027). Until then the page's bandwidth and CPU go to its first screen.
 */
function afterPaintScript(manifest: Manifest, routeModule: string | undefined): string {
  const [entry, ...entryImports] = [...chunkClosure(manifest, BROWSER_ENTRIES.app)].map(
    (key) => `/${manifest[key]?.file}`,
  );
  const modules = [...entryImports, ...routeFiles(manifest, routeModule)].join(' ');
  const script = manifest[BROWSER_ENTRIES.afterPaint]?.file;
  return `<script type="module" crossorigin src="/${script}" data-entry="${entry}" data-modules="${modules}"></script>`;
}

/**
 * The stylesheet in the page itself: one round trip less before the first
 * paint (it blocks rendering), for 8 KB more per page load (decision 027).
 * The CSP allows inline styles (plugins/security.ts). A stylesheet that
 * could end the element early stays a link.
 */
function inlineStylesheets(template: string, webRoot: string): string {
  return template.replace(STYLESHEET, (link, file: string) => {
    const css = readFileSync(join(webRoot, file), 'utf8');
    return /<\/style/i.test(css) ? link : `<style>${css}</style>`;
  });
}

/**
 * `template` with the first `searched` replaced by `text`, as it is: a
 * replacement *string* would read `$\``, `$'` and `$&` in a visitor's search
 * or a shopper's review as patterns that paste the page into itself (a
 * search for 14 × `$\`` made a 319 MB page; issue 23). A replacer function's
 * answer is never read for patterns.
 */
const put = (template: string, searched: string | RegExp, text: string) =>
  template.replace(searched, () => text);

/** A page the browser renders: the built index.html with its route module's preloads. */
function fillShell(build: Build, routeModule: string): string {
  return put(
    build.template,
    '</head>',
    `  ${routePreloads(build.manifest, routeModule)}\n  </head>`,
  );
}

/**
 * The page: the built index.html with the rendered head, markup and data put
 * in, and its scripts replaced by the one that loads them after the first
 * paint. The LCP pictures' preloads go first: on a slow phone's six
 * connections the picture is then fetched first (decision 027).
 */
function fillTemplate(build: Build, page: RenderedPage): string {
  const bare = TEMPLATE_HEAD_TAGS.reduce((html, tag) => html.replace(tag, ''), build.template);
  const imagePreloads = LEADING_IMAGE_PRELOADS.exec(page.html)?.[0] ?? '';
  const withScript = put(
    bare.replace(ENTRY_MODULE_PRELOADS, ''),
    ENTRY_SCRIPT,
    `${imagePreloads}\n    ${afterPaintScript(build.manifest, page.routeModule)}`,
  );
  return put(
    put(withScript, '</head>', `  ${page.head}\n  </head>`),
    ROOT,
    `<div id="root">${page.html.slice(imagePreloads.length)}</div>${page.stateScript}`,
  );
}

/**
 * Server-rendered public pages (issue 14, decision 022): the home page, the
 * product list and a product's page come with their content, head tags and
 * data; the browser then hydrates them. Reads the catalogue through its
 * service, as the API does (same parsing, same errors).
 */
export function createPagesService(
  deps: {
    catalogue: Pick<CatalogueService, 'listProducts' | 'getProduct' | 'getProductFilters'>;
    reviews: Pick<ReviewsService, 'listProductReviews'>;
    sharedDesigns: Pick<SharedDesignsService, 'getSharedDesign'>;
  },
  options: { webRoot: string; publicUrl: string },
) {
  const reader: CatalogueReader = {
    async listProducts(query) {
      const parsed = ListProductsQuerySchema.safeParse(query);
      if (!parsed.success) {
        throw badRequest(parsed.error.issues[0]?.message ?? 'The product query is not valid');
      }
      return deps.catalogue.listProducts(parsed.data);
    },
    getProduct: (id) => deps.catalogue.getProduct(id),
    getProductFilters: () => deps.catalogue.getProductFilters(),
    listProductReviews: (id) =>
      deps.reviews.listProductReviews(id, { page: 1, limit: REVIEWS_PAGE_SIZE }),
    getSharedDesign: (token) => deps.sharedDesigns.getSharedDesign(token),
  };

  const entryPath = join(options.webRoot, SERVER_ENTRY);
  let build: Promise<Build> | undefined;

  /** The build on disk; a rebuild (a newer entry) is loaded afresh, without a restart. */
  function currentBuild(): Promise<Build> | undefined {
    if (!existsSync(entryPath)) return undefined;
    const builtAt = statSync(entryPath).mtimeMs;
    const loading = build;
    if (!loading) {
      build = load(builtAt);
      return build;
    }
    return loading.then((loaded) => {
      if (loaded.builtAt === builtAt) return loaded;
      build = load(builtAt);
      return build;
    });
  }

  async function load(builtAt: number): Promise<Build> {
    const url = pathToFileURL(entryPath);
    url.searchParams.set('built', String(builtAt));
    return {
      builtAt,
      template: inlineStylesheets(
        readFileSync(join(options.webRoot, 'index.html'), 'utf8'),
        options.webRoot,
      ),
      manifest: JSON.parse(
        readFileSync(join(options.webRoot, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest,
      entry: (await import(url.href)) as ServerEntry,
    };
  }

  return {
    /**
     * The HTML of the page at `url` (path and query): rendered, or the app's
     * shell with the page's code preloaded; undefined for the plain index.html.
     */
    async render(url: string): Promise<{ status: number; html: string } | undefined> {
      const loaded = await currentBuild();
      if (!loaded) return undefined;
      const page = await loaded.entry.renderPage(url, {
        catalogue: reader,
        publicUrl: options.publicUrl,
      });
      if (page) return { status: page.status, html: fillTemplate(loaded, page) };
      const browserModule = loaded.entry.browserPageModule(
        new URL(url, options.publicUrl).pathname,
      );
      return browserModule === undefined
        ? undefined
        : { status: 200, html: fillShell(loaded, browserModule) };
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
