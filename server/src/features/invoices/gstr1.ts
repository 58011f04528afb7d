import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import type { TaxedLine } from '#contract';
import { paiseToRupees } from '#server/lib/money.ts';
import { CREDIT_NOTE_SERIES } from './document-numbers.ts';
import type { InvoiceDocument } from './invoice-document.ts';

/**
 * An inter-state invoice to an unregistered buyer above ₹1,00,000 is 'B2C
 * large' (table 5, threshold since 1 August 2024); smaller ones to
 * unregistered buyers are 'B2C small', reported by place of supply and rate.
 */
const B2CL_ABOVE_PAISE = 100_000_00;

/** The units a t-shirt shop sells in: pieces. */
const UQC = 'NOS-NUMBERS';

/** Descriptions of the apparel HSN codes the shop uses; another code's is left blank. */
const HSN_DESCRIPTIONS: Record<string, string> = {
  '6109': 'T-shirts, singlets and other vests, knitted or crocheted',
  '6110': 'Jerseys, pullovers, cardigans, waistcoats and similar articles, knitted or crocheted',
};

/** The column headers of the GST offline tool's sheets, one CSV each. */
const HEADERS = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Rate',
    'Applicable % of Tax Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  hsn: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
} as const;

export type Gstr1Table = keyof typeof HEADERS;
export const GSTR1_TABLES = Object.keys(HEADERS) as Gstr1Table[];

type Cell = string | number;

export interface Gstr1Input {
  /** The month's tax invoices and credit notes (by issue date in India). */
  invoices: readonly InvoiceDocument[];
  creditNotes: readonly InvoiceDocument[];
}

type Section = 'b2b' | 'b2cl' | 'b2cs';

/** Which table a document's supply belongs to; a credit note follows its invoice. */
function sectionOf(document: InvoiceDocument): Section {
  if (document.recipient.gstin) return 'b2b';
  const interState = document.supplier.stateCode !== document.placeOfSupply.code;
  const invoiceTotal = document.against?.totalPaise ?? document.totals.totalPaise;
  return interState && invoiceTotal > B2CL_ABOVE_PAISE ? 'b2cl' : 'b2cs';
}

const money = (paise: number) => paiseToRupees(paise).toFixed(2);
const placeOfSupply = (document: InvoiceDocument) =>
  `${document.placeOfSupply.code}-${document.placeOfSupply.name}`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST_OFFSET_MS = 330 * 60_000;
/** The offline tool's dates: 27-Nov-2026, on India's calendar. */
function toolDate(instant: Date): string {
  const india = new Date(instant.getTime() + IST_OFFSET_MS);
  const day = String(india.getUTCDate()).padStart(2, '0');
  return `${day}-${MONTHS[india.getUTCMonth()]}-${india.getUTCFullYear()}`;
}

/** A document's taxable value per rate, in the order the rates first appear. */
function taxableByRate(lines: readonly TaxedLine[]): Map<number, number> {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    byRate.set(line.ratePercent, (byRate.get(line.ratePercent) ?? 0) + line.taxableValuePaise);
  }
  return byRate;
}

/** One row per document and rate, as the offline tool lists invoices and notes. */
function perRate(
  documents: readonly InvoiceDocument[],
  row: (document: InvoiceDocument, rate: number, taxablePaise: number) => Cell[],
): Cell[][] {
  return documents.flatMap((document) =>
    [...taxableByRate(document.lines)].map(([rate, taxable]) => row(document, rate, taxable)),
  );
}

/** B2C small, net of its credit notes, by place of supply and rate. */
function b2csRows(invoices: InvoiceDocument[], creditNotes: InvoiceDocument[]): Cell[][] {
  const groups = new Map<string, { place: string; rate: number; taxablePaise: number }>();
  const add = (document: InvoiceDocument, sign: 1 | -1) => {
    for (const [rate, taxable] of taxableByRate(document.lines)) {
      const place = placeOfSupply(document);
      const key = `${place}|${rate}`;
      const group = groups.get(key) ?? { place, rate, taxablePaise: 0 };
      group.taxablePaise += sign * taxable;
      groups.set(key, group);
    }
  };
  for (const invoice of invoices) add(invoice, 1);
  for (const note of creditNotes) add(note, -1);
  return [...groups.values()]
    .sort((a, b) => a.place.localeCompare(b.place) || a.rate - b.rate)
    .map((group) => ['OE', group.place, group.rate, '', money(group.taxablePaise), money(0), '']);
}

/** The HSN summary: invoices less credit notes, by HSN and rate. */
function hsnRows(invoices: readonly InvoiceDocument[], creditNotes: readonly InvoiceDocument[]) {
  interface Group {
    hsn: string;
    rate: number;
    quantity: number;
    totalPaise: number;
    taxablePaise: number;
    igstPaise: number;
    cgstPaise: number;
    sgstPaise: number;
  }
  const groups = new Map<string, Group>();
  const add = (document: InvoiceDocument, sign: 1 | -1) => {
    for (const line of document.lines) {
      const key = `${line.hsn}|${line.ratePercent}`;
      const group = groups.get(key) ?? {
        hsn: line.hsn,
        rate: line.ratePercent,
        quantity: 0,
        totalPaise: 0,
        taxablePaise: 0,
        igstPaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
      };
      group.quantity += sign * line.quantity;
      group.totalPaise += sign * line.totalPaise;
      group.taxablePaise += sign * line.taxableValuePaise;
      group.igstPaise += sign * line.igstPaise;
      group.cgstPaise += sign * line.cgstPaise;
      group.sgstPaise += sign * line.sgstPaise;
      groups.set(key, group);
    }
  };
  for (const invoice of invoices) add(invoice, 1);
  for (const note of creditNotes) add(note, -1);
  return [...groups.values()]
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rate - b.rate)
    .map((group) => [
      group.hsn,
      HSN_DESCRIPTIONS[group.hsn] ?? '',
      UQC,
      group.quantity,
      money(group.totalPaise),
      group.rate,
      money(group.taxablePaise),
      money(group.igstPaise),
      money(group.cgstPaise),
      money(group.sgstPaise),
      money(0),
    ]);
}

/** Documents issued: per series, the month's first and last number and how many. */
function docsRows(invoices: readonly InvoiceDocument[], creditNotes: readonly InvoiceDocument[]) {
  const nature = (series: string) =>
    series === CREDIT_NOTE_SERIES ? 'Credit Note' : 'Invoices for outward supply';
  const bySeries = new Map<string, string[]>();
  for (const document of [...invoices, ...creditNotes]) {
    // The series and year: everything before the serial.
    const series = document.number.slice(0, document.number.lastIndexOf('/'));
    bySeries.set(series, [...(bySeries.get(series) ?? []), document.number]);
  }
  return [...bySeries.entries()].map(([series, numbers]) => {
    const sorted = numbers.toSorted();
    const prefix = series.slice(0, series.indexOf('/'));
    return [nature(prefix), sorted[0] ?? '', sorted.at(-1) ?? '', sorted.length, 0];
  });
}

/** The month's GSTR-1 tables as rows under the offline tool's headers. */
export function gstr1Tables(input: Gstr1Input): Record<Gstr1Table, Cell[][]> {
  const invoicesIn = (section: Section) =>
    input.invoices.filter((document) => sectionOf(document) === section);
  const notesIn = (section: Section) =>
    input.creditNotes.filter((document) => sectionOf(document) === section);
  return {
    b2b: perRate(invoicesIn('b2b'), (invoice, rate, taxable) => [
      invoice.recipient.gstin ?? '',
      invoice.recipient.businessName ?? invoice.recipient.name,
      invoice.number,
      toolDate(invoice.issuedAt),
      money(invoice.totals.totalPaise),
      placeOfSupply(invoice),
      'N',
      '',
      'Regular B2B',
      '',
      rate,
      money(taxable),
      money(0),
    ]),
    b2cl: perRate(invoicesIn('b2cl'), (invoice, rate, taxable) => [
      invoice.number,
      toolDate(invoice.issuedAt),
      money(invoice.totals.totalPaise),
      placeOfSupply(invoice),
      '',
      rate,
      money(taxable),
      money(0),
      '',
    ]),
    b2cs: b2csRows(invoicesIn('b2cs'), notesIn('b2cs')),
    cdnr: perRate(notesIn('b2b'), (note, rate, taxable) => [
      note.recipient.gstin ?? '',
      note.recipient.businessName ?? note.recipient.name,
      note.number,
      toolDate(note.issuedAt),
      'C',
      placeOfSupply(note),
      'N',
      'Regular B2B',
      money(note.totals.totalPaise),
      '',
      rate,
      money(taxable),
      money(0),
    ]),
    cdnur: perRate(notesIn('b2cl'), (note, rate, taxable) => [
      'B2CL',
      note.number,
      toolDate(note.issuedAt),
      'C',
      placeOfSupply(note),
      money(note.totals.totalPaise),
      '',
      rate,
      money(taxable),
      money(0),
    ]),
    hsn: hsnRows(input.invoices, input.creditNotes),
    docs: docsRows(input.invoices, input.creditNotes),
  };
}

/**
 * The month's GSTR-1 as a ZIP of CSV files, one per table of the GST offline
 * tool (b2b.csv, b2cl.csv, b2cs.csv, cdnr.csv, cdnur.csv, hsn.csv, docs.csv),
 * each with the tool's headers, even when it has no rows.
 */
export function buildGstr1Zip(input: Gstr1Input): Uint8Array {
  const tables = gstr1Tables(input);
  const files = Object.fromEntries(
    GSTR1_TABLES.map((table) => [
      `${table}.csv`,
      strToU8(stringify([[...HEADERS[table]], ...tables[table]])),
    ]),
  );
  return zipSync(files);
}
