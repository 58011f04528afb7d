import type { FastifyInstance } from 'fastify';
import type { SeoService } from './seo.service.ts';

/** Crawlers re-read these often enough; an hour keeps a new product from waiting long. */
const CACHE_CONTROL = 'public, max-age=3600';

export function seoRoutes(seo: SeoService) {
  return async (app: FastifyInstance) => {
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', CACHE_CONTROL)
        .send(seo.robotsTxt()),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CACHE_CONTROL)
        .send(await seo.sitemapXml()),
    );
  };
}
