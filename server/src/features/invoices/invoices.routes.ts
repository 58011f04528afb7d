import type { FastifyInstance } from 'fastify';
import {
  downloadCreditNote,
  downloadGstReport,
  downloadInvoice,
  listOrderDocuments,
} from '#contract';
import { fileRoute, route } from '#server/lib/route.ts';
import type { InvoiceDownloadsService } from './invoice-downloads.service.ts';

/** An order's tax documents (its shopper and admins) and the owner's GSTR-1 files (issue 26). */
export function invoicesRoutes(downloads: InvoiceDownloadsService) {
  return async (app: FastifyInstance) => {
    route(app, listOrderDocuments, ({ user, params }) => downloads.listDocuments(user, params.id));
    fileRoute(app, downloadInvoice, ({ user, params }) => downloads.invoicePdf(user, params.id));
    fileRoute(app, downloadCreditNote, ({ user, params }) =>
      downloads.creditNotePdf(user, params.id, params.number),
    );
    fileRoute(app, downloadGstReport, ({ query }) => downloads.gstReport(query.month));
  };
}
