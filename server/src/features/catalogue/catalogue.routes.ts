import type { FastifyInstance } from 'fastify';
import {
  getAdminMetrics,
  getProduct,
  getProductFacets,
  getProductFilters,
  listProducts,
  listRelatedProducts,
} from '#contract';
import { route } from '#server/lib/route.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { CatalogueCache } from './catalogue-cache.ts';

export function catalogueRoutes(catalogue: CatalogueService, cache: CatalogueCache) {
  return async (app: FastifyInstance) => {
    app.addHook('onClose', () => cache.close());
    route(app, listProducts, ({ query }) => catalogue.listProducts(query), { cache });
    route(app, getProductFilters, () => catalogue.getProductFilters(), { cache });
    route(app, getProductFacets, ({ query }) => catalogue.getProductFacets(query), { cache });
    route(app, getProduct, ({ params }) => catalogue.getProduct(params.id), { cache });
    route(app, listRelatedProducts, ({ params }) => catalogue.listRelatedProducts(params.id), {
      cache,
    });
    route(app, getAdminMetrics, async () => ({
      process: { pid: process.pid, uptimeSeconds: process.uptime() },
      ...cache.metrics(),
    }));
  };
}
