import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths that never fall back to the web app: an unknown one is a JSON 404. */
const NON_APP_PREFIXES = ['/api/', '/media/'];

/**
 * Serves the built web app. Hashed assets are cached for a year; any other
 * GET that is not an API path answers index.html, so every client route
 * (SPEC §2) loads the app.
 */
export async function registerWebApp(
  app: FastifyInstance,
  root: string | undefined,
): Promise<void> {
  const built = root !== undefined && existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
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

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsApp =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NON_APP_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
    if (wantsApp && built) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ success: false, message: `There is no ${request.method} ${path} here` });
  });
}
