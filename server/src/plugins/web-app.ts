import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_ROUTE_PATHS, SHOP_NAME } from '#contract';
import type { PageAdmission } from './rate-limit.ts';

/** Paths that never fall back to the web app: an unknown one is a JSON 404. */
const NON_APP_PREFIXES = ['/api/', '/media/'];

/** The web app's route patterns as expressions; a `:param` is one path segment. */
const APP_ROUTES = Object.values(APP_ROUTE_PATHS).map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, '([^/]+)')}/?$`),
);
const PRODUCT_ROUTE = new RegExp(`^${APP_ROUTE_PATHS.product.replace(':id', '([^/]+)')}/?$`);

/** What the fallback asks before it answers a page. */
export interface PageLookups {
  /** Does the product exist? */
  productOnSale(id: string): Promise<boolean>;
  /** The page server-rendered (decision 022), or undefined when the browser renders it. */
  renderPage(url: string): Promise<{ status: number; html: string } | undefined>;
  /** May this client have another page now (PAGE_RATE_LIMIT_PER_MINUTE)? */
  admitPage(request: FastifyRequest): Promise<PageAdmission>;
}

/** What a client over the pages' limit gets: a page, as it asked for one, not the API's JSON. */
const TOO_MANY_PAGES = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>Too many requests · ${SHOP_NAME}</title>
  </head>
  <body>
    <h1>Too many requests</h1>
    <p>This address asked for more pages than ${SHOP_NAME} serves in a minute. Please wait a moment and reload.</p>
  </body>
</html>
`;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Sends a rendered page compressed as the client accepts (brotli, else gzip):
 * it is made per request, so it has no precompressed copy. Quality 4, as the
 * API's answers (plugins/compression.ts).
 */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = request.headers['accept-encoding'] ?? '';
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header('content-encoding', 'gzip').send(await gzipAsync(html));
  }
  return reply.send(html);
}

/** Whether a path is a page of the web app, and one that exists. */
async function pageExists(path: string, lookups: PageLookups): Promise<boolean> {
  if (!APP_ROUTES.some((route) => route.test(path))) return false;
  const productId = PRODUCT_ROUTE.exec(path)?.[1];
  return productId === undefined || lookups.productOnSale(productId);
}

/**
 * Serves the built web app, precompressed (brotli or gzip beside each file,
 * written by the build; issue 14). Hashed assets are cached for a year; any
 * other GET that is not an API path answers index.html, so every client route
 * (SPEC §2) loads the app: with 200 for a page that exists, 404 otherwise
 * (the app then shows its not-found page, and search engines drop the URL).
 * The public catalogue pages are rendered on the server instead (decision 022).
 */
export async function registerWebApp(
  app: FastifyInstance,
  root: string | undefined,
  lookups: PageLookups,
): Promise<void> {
  const built = root !== undefined && existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      // `/` is a page like the others (its route below renders it, decision 022).
      index: false,
      // Files are looked up per request, so a rebuild is served without a restart.
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else if (root !== undefined) {
    app.log.warn(`The web app is not built (no ${root}/index.html): run npm run build.`);
  }

  async function answerPage(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? '/';
    const wantsApp =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NON_APP_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
    if (wantsApp && built) {
      const admission = await lookups.admitPage(request);
      if (!admission.allowed) {
        reply
          .code(429)
          .header('retry-after', String(admission.retryAfterSeconds))
          .header('cache-control', 'no-store');
        return sendHtml(request, reply, TOO_MANY_PAGES);
      }
      const page = await lookups.renderPage(request.url);
      if (page) {
        reply.code(page.status).header('cache-control', 'no-cache');
        return sendHtml(request, reply, page.html);
      }
      if (!(await pageExists(path, lookups))) reply.code(404);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ success: false, message: `There is no ${request.method} ${path} here` });
  }

  // The static files' wildcard would answer `/` as a folder; the home page is a page.
  if (built) app.get('/', { schema: { hide: true } }, answerPage);
  app.setNotFoundHandler(answerPage);
}
