import {
  CREDIT_NOTE_NOT_FOUND,
  creditNoteFileName,
  documentSlug,
  gstReportFileName,
  invoiceFileName,
  NO_INVOICE_MESSAGE,
  type OrderDocument,
  type OrderDocuments,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { MailAttachment } from '#server/features/mail/mailer.ts';
import { ORDER_NOT_FOUND } from '#server/features/orders/orders.messages.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { isUuid } from '#server/lib/ids.ts';
import { paiseToRupees } from '#server/lib/money.ts';
import type { FileAnswer } from '#server/lib/route.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { findOrderOwner } from './invoice-downloads.repository.ts';
import type { InvoicesService } from './invoices.service.ts';

const PDF = 'application/pdf';

const toOrderDocument = (document: InvoiceDocument): OrderDocument => ({
  number: document.number,
  issuedAt: document.issuedAt.toISOString(),
  total: paiseToRupees(document.totals.totalPaise),
});

/**
 * How invoices and credit notes reach people (issue 26): an order's
 * documents for its shopper and for admins, as a list and as PDFs rendered
 * when asked, and the owner's monthly GSTR-1 ZIP. Anyone else's order is a
 * 404, as GET /order/{id} answers, so an order's existence is not told.
 */
export function createInvoiceDownloadsService(
  db: Database,
  {
    invoices,
  }: {
    invoices: Pick<
      InvoicesService,
      'invoiceOfOrder' | 'creditNotesOfOrder' | 'renderPdf' | 'gstr1Zip'
    >;
  },
) {
  async function checkAccess(user: AuthUser, orderId: string): Promise<void> {
    const owner = isUuid(orderId) ? await findOrderOwner(db, orderId) : undefined;
    if (owner === undefined || (owner !== user.id && user.role !== 'admin')) {
      throw notFound(ORDER_NOT_FOUND);
    }
  }

  /** The order's invoice as a PDF file, undefined while it has none: downloaded, or attached to its confirmation. */
  async function invoiceFile(orderId: string): Promise<MailAttachment | undefined> {
    const invoice = await invoices.invoiceOfOrder(orderId);
    if (!invoice) return undefined;
    return {
      filename: invoiceFileName(invoice.number),
      content: await invoices.renderPdf(invoice),
      contentType: PDF,
    };
  }

  return {
    invoiceFile,

    async listDocuments(user: AuthUser, orderId: string): Promise<OrderDocuments> {
      await checkAccess(user, orderId);
      const [invoice, creditNotes] = await Promise.all([
        invoices.invoiceOfOrder(orderId),
        invoices.creditNotesOfOrder(orderId),
      ]);
      return {
        invoice: invoice ? toOrderDocument(invoice) : null,
        creditNotes: creditNotes.map(toOrderDocument),
      };
    },

    async invoicePdf(user: AuthUser, orderId: string): Promise<FileAnswer> {
      await checkAccess(user, orderId);
      const file = await invoiceFile(orderId);
      if (!file) throw notFound(NO_INVOICE_MESSAGE);
      return { body: file.content, contentType: file.contentType, fileName: file.filename };
    },

    /** `number` as documentSlug writes it (CN-26-27-000001). */
    async creditNotePdf(user: AuthUser, orderId: string, number: string): Promise<FileAnswer> {
      await checkAccess(user, orderId);
      const note = (await invoices.creditNotesOfOrder(orderId)).find(
        (document) => documentSlug(document.number) === number,
      );
      if (!note) throw notFound(CREDIT_NOTE_NOT_FOUND);
      return {
        body: await invoices.renderPdf(note),
        contentType: PDF,
        fileName: creditNoteFileName(note.number),
      };
    },

    /** The GSTR-1 files of `month` (YYYY-MM, checked by the contract). */
    async gstReport(month: string): Promise<FileAnswer> {
      return {
        body: await invoices.gstr1Zip(month),
        contentType: 'application/zip',
        fileName: gstReportFileName(month),
      };
    },
  };
}

export type InvoiceDownloadsService = ReturnType<typeof createInvoiceDownloadsService>;
