import type { CreditNoteRow, InvoiceRow } from '#server/db/schema/invoices.ts';
import type { DocumentContent, InvoiceDocument } from './invoice-document.ts';

/** Only this feature writes the column, always from a DocumentContent. */
const contentOf = (row: Pick<InvoiceRow, 'content'>) => row.content as DocumentContent;

export const toInvoiceDocument = (row: InvoiceRow): InvoiceDocument => ({
  ...contentOf(row),
  kind: 'invoice',
  number: row.number,
  issuedAt: row.issuedAt,
});

export const toCreditNoteDocument = (
  row: CreditNoteRow,
  invoice: Pick<InvoiceRow, 'number' | 'issuedAt' | 'content'>,
): InvoiceDocument => ({
  ...contentOf(row),
  kind: 'credit-note',
  number: row.number,
  issuedAt: row.issuedAt,
  against: {
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    totalPaise: contentOf(invoice).totals.totalPaise,
  },
});
