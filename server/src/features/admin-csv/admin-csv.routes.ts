import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  exportOrdersCsv,
  exportProductsCsv,
  IMPORT_BODY_REQUIRED,
  importProductsCsv,
  ordersCsvFileName,
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCTS_CSV_FILE_NAME,
} from '#contract';
import { AppError } from '#server/lib/app-error.ts';
import { fileRoute, route } from '#server/lib/route.ts';
import type { OrdersCsvService } from './orders-csv.service.ts';
import type { ProductsCsvService } from './products-csv.service.ts';

const CSV = 'text/csv; charset=utf-8';

/**
 * Takes a CSV file's text as the body, up to the import's limit; any other
 * body is refused unread. Call it in a child context, so every other route
 * keeps JSON only and the 1 MiB limit.
 */
function acceptCsvBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: PRODUCT_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser('*', async (request: FastifyRequest): Promise<never> => {
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    throw new AppError(
      'unsupported_media_type',
      `Content-Type ${type ?? '(none)'} is not accepted: ${IMPORT_BODY_REQUIRED}`,
    );
  });
}

/** The owner's CSV files (issue 27); route() and fileRoute() answer 401/403 to everyone but an admin. */
export function adminCsvRoutes(orders: OrdersCsvService, products: ProductsCsvService) {
  return async (app: FastifyInstance) => {
    fileRoute(app, exportOrdersCsv, async ({ query }) => ({
      body: await orders.exportOrders(query),
      contentType: CSV,
      fileName: ordersCsvFileName(query),
    }));
    fileRoute(app, exportProductsCsv, async () => ({
      body: await products.exportProducts(),
      contentType: CSV,
      fileName: PRODUCTS_CSV_FILE_NAME,
    }));
    await app.register(async (imports) => {
      acceptCsvBodies(imports);
      route(imports, importProductsCsv, ({ query, request }) =>
        products.importProducts(request.body, { dryRun: query.dryRun ?? true }),
      );
    });
  };
}
