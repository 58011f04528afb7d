import { formatRupees, sumTaxTotals, type TaxedLine } from '#contract';
import type { Database } from '#server/db/client.ts';
import { conflict } from '#server/lib/app-error.ts';
import { shopDayStart } from '#server/lib/dates.ts';
import { paiseToRupees } from '#server/lib/money.ts';
import { CREDIT_NOTE_SERIES, financialYearOf, formatDocumentNumber } from './document-numbers.ts';
import { buildGstr1Zip } from './gstr1.ts';
import type { DocumentContent, InvoiceDocument } from './invoice-document.ts';
import { renderDocumentPdf } from './invoice-pdf.ts';
import { toCreditNoteDocument, toInvoiceDocument } from './invoices.mapper.ts';
import {
  findInvoiceOfOrder,
  insertCreditNote,
  insertInvoice,
  listCreditNotesIssued,
  listCreditNotesOfOrder,
  listInvoicesIssued,
  lockInvoiceOfOrder,
  takeNextSerial,
} from './invoices.repository.ts';

export interface IssueInvoiceInput extends Omit<DocumentContent, 'totals'> {
  /** The shop's invoice prefix (business settings): the invoices' series. */
  prefix: string;
  /** When it is issued; now by default. Decides the financial year. */
  issuedAt?: Date;
}

export interface IssueCreditNoteInput {
  orderId: string;
  /** The lines credited, taxed as they were on the invoice. */
  lines: TaxedLine[];
  issuedAt?: Date;
}

/** The instants a month ('2026-11') begins and ends on India's calendar. */
function monthBounds(month: string): { from: Date; to: Date } {
  const [year = 0, monthNumber = 0] = month.split('-').map(Number);
  const next =
    monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return { from: shopDayStart(`${month}-01`), to: shopDayStart(`${next}-01`) };
}

/** Numbers a document of `series` inside `tx`; the caller records it in the same transaction. */
async function numberDocument(tx: Database, series: string, issuedAt: Date) {
  const financialYear = financialYearOf(issuedAt);
  // A prefix too long for any number is refused before a serial is taken.
  formatDocumentNumber(series, financialYear, 1);
  const serial = await takeNextSerial(tx, series, financialYear);
  return {
    series,
    financialYear,
    serial,
    number: formatDocumentNumber(series, financialYear, serial),
  };
}

/**
 * Tax invoices and credit notes (issue 26). Issuing runs inside the caller's
 * transaction (payment, cancellation, return), so the document, its number
 * and the order's change commit or roll back together.
 */
export function createInvoicesService(db: Database) {
  return {
    /**
     * The order's tax invoice, numbered in the next serial of the prefix's
     * series. An order has one invoice: asked again, this returns the one issued.
     */
    async issueInvoice(tx: Database, input: IssueInvoiceInput): Promise<InvoiceDocument> {
      const issued = await findInvoiceOfOrder(tx, input.orderId);
      if (issued) return toInvoiceDocument(issued);
      if (input.prefix === CREDIT_NOTE_SERIES) {
        throw new Error(
          `The invoice prefix cannot be ${CREDIT_NOTE_SERIES}, the credit notes' series`,
        );
      }
      const { prefix, issuedAt = new Date(), ...content } = input;
      const row = await insertInvoice(tx, {
        ...(await numberDocument(tx, prefix, issuedAt)),
        orderId: input.orderId,
        issuedAt,
        content: { ...content, totals: sumTaxTotals(content.lines) },
      });
      return toInvoiceDocument(row);
    },

    /**
     * A credit note for some or all lines of the order's invoice, to the same
     * parties and place of supply; undefined when the order has no invoice.
     * The order's credit notes together never pass its invoice's total (409).
     */
    async issueCreditNote(
      tx: Database,
      input: IssueCreditNoteInput,
    ): Promise<InvoiceDocument | undefined> {
      const invoice = await lockInvoiceOfOrder(tx, input.orderId);
      if (!invoice) return undefined;
      const issuedAt = input.issuedAt ?? new Date();
      const issued = toInvoiceDocument(invoice);
      const totals = sumTaxTotals(input.lines);
      if (input.lines.length === 0 || totals.totalPaise <= 0) {
        throw new Error('A credit note credits at least one line of some value');
      }
      const credited = (await listCreditNotesOfOrder(tx, input.orderId)).reduce(
        (paise, note) => paise + toCreditNoteDocument(note, invoice).totals.totalPaise,
        0,
      );
      if (credited + totals.totalPaise > issued.totals.totalPaise) {
        throw conflict(
          `Credit notes of ${formatRupees(paiseToRupees(credited + totals.totalPaise))} would pass invoice ${issued.number}'s ${formatRupees(paiseToRupees(issued.totals.totalPaise))}`,
        );
      }
      // Numbered only once accepted: a refusal takes no serial, even if the caller commits.
      const row = await insertCreditNote(tx, {
        ...(await numberDocument(tx, CREDIT_NOTE_SERIES, issuedAt)),
        orderId: input.orderId,
        invoiceId: invoice.id,
        issuedAt,
        content: {
          orderId: input.orderId,
          supplier: issued.supplier,
          recipient: issued.recipient,
          placeOfSupply: issued.placeOfSupply,
          lines: input.lines,
          totals,
        },
      });
      return toCreditNoteDocument(row, invoice);
    },

    /** The order's invoice; read on `executor` inside a transaction that issues a credit note. */
    async invoiceOfOrder(
      orderId: string,
      executor: Database = db,
    ): Promise<InvoiceDocument | undefined> {
      const row = await findInvoiceOfOrder(executor, orderId);
      return row && toInvoiceDocument(row);
    },

    /** The order's credit notes in the order they were numbered. */
    async creditNotesOfOrder(orderId: string): Promise<InvoiceDocument[]> {
      const [invoice, notes] = await Promise.all([
        findInvoiceOfOrder(db, orderId),
        listCreditNotesOfOrder(db, orderId),
      ]);
      return invoice ? notes.map((note) => toCreditNoteDocument(note, invoice)) : [];
    },

    /**
     * The GSTR-1 files (a ZIP of CSVs) of the invoices and credit notes
     * issued in `month` ('YYYY-MM', a valid month), by their date in India.
     */
    async gstr1Zip(month: string): Promise<Uint8Array> {
      const { from, to } = monthBounds(month);
      const [invoiceRows, noteRows] = await Promise.all([
        listInvoicesIssued(db, from, to),
        listCreditNotesIssued(db, from, to),
      ]);
      return buildGstr1Zip({
        invoices: invoiceRows.map(toInvoiceDocument),
        creditNotes: noteRows.map(({ note, invoice }) => toCreditNoteDocument(note, invoice)),
      });
    },

    /** An issued document as its A4 PDF. */
    renderPdf: (document: InvoiceDocument): Promise<Buffer> => renderDocumentPdf(document),
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
