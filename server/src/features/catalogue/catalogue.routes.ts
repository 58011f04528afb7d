import type { FastifyInstance } from 'fastify';
import {
  createAdminProduct,
  deleteAdminProduct,
  getAdminMetrics,
  getAdminProduct,
  getProduct,
  getProductFacets,
  getProductFilters,
  listAdminProducts,
  listProducts,
  listRelatedProducts,
  type Product,
  restoreAdminProduct,
  SIZES,
  updateAdminProduct,
} from '#contract';
import { route } from '#server/lib/route.ts';
import type { AdminProductsService } from './admin-products.service.ts';
import type { CatalogueService } from './catalogue.service.ts';
import {
  type CatalogueCache,
  colourTag,
  sizeOnSaleTag,
  sizeTag,
  UNITS_SOLD_TAG,
} from './catalogue-cache.ts';

const idsOf = (products: { _id: string }[]) => products.map((product) => product._id);

/** What answers showing these products show of them: their stock, and whether each colour of their styles is in stock. */
const shown = (products: Product[]) =>
  products.flatMap((product) => [
    product._id,
    ...product.colors.map((color) => colourTag(color.productId)),
  ]);

/** Counts of who has each size in stock. */
const EVERY_SIZE = SIZES.map(sizeTag);
/** Whether anyone has each size in stock. */
const EVERY_SIZE_ON_SALE = SIZES.map(sizeOnSaleTag);

/** The shop's catalogue, and the owner's products (D25): route() answers 401/403 to everyone but an admin on those. */
export function catalogueRoutes(
  catalogue: CatalogueService,
  cache: CatalogueCache,
  products: AdminProductsService,
) {
  return async (app: FastifyInstance) => {
    app.addHook('onClose', () => cache.close());
    // Tags (decision 026): what each answer shows, so that a stock take forgets
    // only the answers showing what it touched. No answer's members, totals or
    // order follow stock except through the sizes filtered by (and the facets,
    // which count every size), units sold (best sellers, related), whether a
    // colour has any size left and (the filters) whether anyone has a size
    // left; a style's lead is its first colour on sale, whatever its stock
    // (decision 025).
    route(app, listProducts, ({ query }) => catalogue.listProducts(query), {
      cache,
      tags: ({ query }, page) => [
        ...shown(page.results),
        ...(query.sortBy === 'bestSelling' ? [UNITS_SOLD_TAG] : []),
        ...(query.size ?? []).map(sizeTag),
      ],
    });
    route(app, getProductFilters, () => catalogue.getProductFilters(), {
      cache,
      tags: () => EVERY_SIZE_ON_SALE,
    });
    route(app, getProductFacets, ({ query }) => catalogue.getProductFacets(query), {
      cache,
      tags: () => EVERY_SIZE,
    });
    route(app, getProduct, ({ params }) => catalogue.getProduct(params.id), {
      cache,
      tags: (_input, product) => shown([product]),
    });
    // Related products are a style's best in stock: the units sold tally may reorder them.
    route(app, listRelatedProducts, ({ params }) => catalogue.listRelatedProducts(params.id), {
      cache,
      tags: ({ params }, products) => [params.id, ...idsOf(products), UNITS_SOLD_TAG],
    });
    route(app, getAdminMetrics, async () => ({
      process: { pid: process.pid, uptimeSeconds: process.uptime() },
      ...cache.metrics(),
    }));

    route(app, listAdminProducts, ({ query }) => products.listProducts(query));
    route(app, getAdminProduct, ({ params }) => products.getProduct(params.id));
    route(app, createAdminProduct, ({ body }) => products.createProduct(body), { status: 201 });
    route(app, updateAdminProduct, ({ params, body }) => products.updateProduct(params.id, body));
    route(app, deleteAdminProduct, ({ params }) => products.deleteProduct(params.id));
    route(app, restoreAdminProduct, ({ params }) => products.restoreProduct(params.id));
  };
}
