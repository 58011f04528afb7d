import { z } from 'zod';
import { IdParamsSchema, RupeesSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { textSchema } from './text.ts';

// An order's tax invoice and credit notes (issue 26), for its shopper and for
// admins; another shopper's order is a 404, as on GET /order/{id}. And the
// owner's monthly GSTR-1 files under /api/v1/admin.

/** Said when an order has no tax invoice (not paid yet, or placed while the shop had no GSTIN). */
export const NO_INVOICE_MESSAGE = 'This order has no tax invoice';
export const CREDIT_NOTE_NOT_FOUND = 'Credit note not found';

/** One issued document as an order lists it. */
export const OrderDocumentSchema = z.object({
  /** TC/26-27/000123, or CN/26-27/000001 for a credit note. */
  number: z.string(),
  issuedAt: z.iso.datetime(),
  /** What it charges (an invoice) or credits (a credit note), tax included. */
  total: RupeesSchema,
});
export type OrderDocument = z.infer<typeof OrderDocumentSchema>;

export const OrderDocumentsSchema = z.object({
  /** Null until the order is paid (or placed, for cash) in a shop with a GSTIN. */
  invoice: OrderDocumentSchema.nullable(),
  /** In the order they were numbered: a cancel credits every line, a received return its lines. */
  creditNotes: z.array(OrderDocumentSchema),
});
export type OrderDocuments = z.infer<typeof OrderDocumentsSchema>;

/**
 * A document number as a path segment and a file name: its slashes become
 * dashes (CN/26-27/000001 → CN-26-27-000001); series, year and serial stay apart.
 */
export const documentSlug = (number: string) => number.replaceAll('/', '-');

export const CreditNoteParamsSchema = IdParamsSchema.extend({
  /** The credit note's number as documentSlug writes it. */
  number: textSchema('The credit note number').max(40),
});
export type CreditNoteParams = z.infer<typeof CreditNoteParamsSchema>;

export const listOrderDocuments = defineEndpoint({
  name: 'listOrderDocuments',
  method: 'GET',
  path: '/order/:id/documents',
  tag: 'orders',
  summary:
    "An order's tax invoice and credit notes, to download: the order's shopper and admins; anyone else a 404",
  auth: 'user',
  params: IdParamsSchema,
  result: OrderDocumentsSchema,
});

export const downloadInvoice = defineEndpoint({
  name: 'downloadInvoice',
  method: 'GET',
  path: '/order/:id/invoice',
  tag: 'orders',
  summary:
    "The order's tax invoice as a PDF: the order's shopper and admins; anyone else, or an order without one, a 404",
  auth: 'user',
  params: IdParamsSchema,
  produces: 'application/pdf',
  // The answer is the file itself, not the JSON envelope.
  result: z.string(),
});

export const downloadCreditNote = defineEndpoint({
  name: 'downloadCreditNote',
  method: 'GET',
  path: '/order/:id/credit-notes/:number',
  tag: 'orders',
  summary:
    'One of the order’s credit notes as a PDF, by its number with dashes for slashes (CN-26-27-000001): the order’s shopper and admins',
  auth: 'user',
  params: CreditNoteParamsSchema,
  produces: 'application/pdf',
  result: z.string(),
});

/** Addresses under /api/v1 of an order's documents, for a link the browser downloads with its token. */
export const invoicePath = (orderId: string) => `/order/${encodeURIComponent(orderId)}/invoice`;
export const creditNotePath = (orderId: string, number: string) =>
  `/order/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(documentSlug(number))}`;

/** The file names the shop gives a downloaded document. */
export const invoiceFileName = (number: string) => `invoice-${documentSlug(number)}.pdf`;
export const creditNoteFileName = (number: string) => `credit-note-${documentSlug(number)}.pdf`;

// ---------------------------------------------------------------- the owner's GST return

/** A calendar month, as GSTR-1 is filed for: 2026-11. */
export const GstReportQuerySchema = z.object({
  month: textSchema('month').regex(
    /^20\d\d-(0[1-9]|1[0-2])$/,
    'month must be a month as YYYY-MM, e.g. 2026-11',
  ),
});
export type GstReportQuery = z.infer<typeof GstReportQuerySchema>;

export const downloadGstReport = defineEndpoint({
  name: 'downloadGstReport',
  method: 'GET',
  path: '/admin/reports/gst',
  tag: 'admin',
  summary:
    "A month's GSTR-1 files as a ZIP of CSVs (b2b, b2cl, b2cs, cdnr, cdnur, hsn, docs) of the invoices and credit notes issued in it, by their date in India",
  auth: 'admin',
  query: GstReportQuerySchema,
  produces: 'application/zip',
  result: z.string(),
});

export const gstReportFileName = (month: string) => `gstr1-${month}.zip`;
/** The report's address under /api/v1. */
export const gstReportPath = (month: string) =>
  `${downloadGstReport.path}?month=${encodeURIComponent(month)}`;
