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
import { type CatalogueCache, UNITS_SOLD_TAG } from './catalogue-cache.ts';

const idsOf = (products: { _id: string }[]) => products.map((product) => product._id);

export function catalogueRoutes(catalogue: CatalogueService, cache: CatalogueCache) {
  return async (app: FastifyInstance) => {
    app.addHook('onClose', () => cache.close());
    // Tags (decision 026): the products an answer shows, with their stock, and
    // UNITS_SOLD_TAG where the order follows units sold. Filters and facets
    // count products and sizes in stock, which a stock take that leaves every
    // size in stock does not move: they have no tags, and keep.
    route(app, listProducts, ({ query }) => catalogue.listProducts(query), {
      cache,
      tags: ({ query }, page) => [
        ...idsOf(page.results),
        ...(query.sortBy === 'bestSelling' ? [UNITS_SOLD_TAG] : []),
      ],
    });
    route(app, getProductFilters, () => catalogue.getProductFilters(), { cache, tags: () => [] });
    route(app, getProductFacets, ({ query }) => catalogue.getProductFacets(query), {
      cache,
      tags: () => [],
    });
    route(app, getProduct, ({ params }) => catalogue.getProduct(params.id), {
      cache,
      tags: (_input, product) => [product._id],
    });
    route(app, listRelatedProducts, ({ params }) => catalogue.listRelatedProducts(params.id), {
      cache,
      tags: ({ params }, products) => [params.id, ...idsOf(products), UNITS_SOLD_TAG],
    });
    route(app, getAdminMetrics, async () => ({
      process: { pid: process.pid, uptimeSeconds: process.uptime() },
      ...cache.metrics(),
    }));
  };
}
