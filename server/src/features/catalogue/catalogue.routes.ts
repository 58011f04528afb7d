import type { FastifyInstance } from 'fastify';
import { getProduct, getProductFilters, listProducts } from '#contract';
import { route } from '#server/lib/route.ts';
import type { CatalogueService } from './catalogue.service.ts';

export function catalogueRoutes(catalogue: CatalogueService) {
  return async (app: FastifyInstance) => {
    route(app, listProducts, ({ query }) => catalogue.listProducts(query));
    route(app, getProductFilters, () => catalogue.getProductFilters());
    route(app, getProduct, ({ params }) => catalogue.getProduct(params.id));
  };
}
