import { describe, expect, it } from 'vitest';
import { sumTaxTotals, type TaxTotals } from '#contract';
import { invoiceInput, taxedLine } from '#server-test/invoice-fixtures.ts';
import { unzipCsvs } from '#server-test/zipped-csv.ts';
import { buildGstr1Zip } from './gstr1.ts';
import type { InvoiceDocument } from './invoice-document.ts';

const KARNATAKA = { code: '29', name: 'Karnataka' };
const MAHARASHTRA = { code: '27', name: 'Maharashtra' };
const ORDER_ID = '0b9d3c1e-5a0f-4c1e-9d2a-7f3e2c1a9b8d';

let serial = 0;
function invoice(
  place: { code: string; name: string },
  lines: { totalPaise: number; ratePercent: number; quantity?: number; hsn?: string }[],
  gstin?: string,
): InvoiceDocument {
  serial += 1;
  const intraState = place.code === KARNATAKA.code;
  const taxed = lines.map((line) => taxedLine(line, intraState));
  const {
    prefix: _prefix,
    issuedAt: _issuedAt,
    ...content
  } = invoiceInput(ORDER_ID, {
    place,
    lines: taxed,
    ...(gstin && { gstin }),
  });
  return {
    ...content,
    recipient: { ...content.recipient, ...(gstin && { businessName: 'Rao Textiles, LLP' }) },
    totals: sumTaxTotals(taxed),
    kind: 'invoice',
    number: `TC/26-27/${String(serial).padStart(6, '0')}`,
    issuedAt: new Date(`2026-11-${String(serial).padStart(2, '0')}T12:00:00+05:30`),
  };
}

let noteSerial = 0;
function creditNote(of: InvoiceDocument, lines: readonly number[]): InvoiceDocument {
  noteSerial += 1;
  const credited = lines.flatMap((index) => (of.lines[index] ? [of.lines[index]] : []));
  return {
    ...of,
    kind: 'credit-note',
    number: `CN/26-27/${String(noteSerial).padStart(6, '0')}`,
    issuedAt: new Date('2026-11-28T12:00:00+05:30'),
    lines: credited,
    totals: sumTaxTotals(credited),
    against: { number: of.number, issuedAt: of.issuedAt, totalPaise: of.totals.totalPaise },
  };
}

const b2b = invoice(
  KARNATAKA,
  [
    { totalPaise: 249900, ratePercent: 5, quantity: 3 },
    { totalPaise: 399900, ratePercent: 18 },
    { totalPaise: 3000, ratePercent: 18, hsn: '4823' },
  ],
  '29AAPFR1234K1Z2',
);
const smallHere = invoice(KARNATAKA, [{ totalPaise: 79900, ratePercent: 5, quantity: 2 }]);
const smallThere = invoice(MAHARASHTRA, [
  { totalPaise: 129900, ratePercent: 5, hsn: '6110' },
  { totalPaise: 5000, ratePercent: 18, hsn: '9985' },
]);
const smallThereAgain = invoice(MAHARASHTRA, [{ totalPaise: 59900, ratePercent: 5 }]);
const large = invoice(MAHARASHTRA, [
  { totalPaise: 12000000, ratePercent: 18, quantity: 40 },
  { totalPaise: 500000, ratePercent: 5, quantity: 2 },
]);
const invoices = [b2b, smallHere, smallThere, smallThereAgain, large];
const creditNotes = [creditNote(b2b, [0]), creditNote(smallThere, [0]), creditNote(large, [1])];

const sum = (values: readonly string[]) =>
  values.reduce((total, value) => total + Math.round(Number(value) * 100), 0);
const column = (rows: Record<string, string>[], name: string) => rows.map((row) => row[name] ?? '');
const total = (documents: readonly InvoiceDocument[], key: keyof TaxTotals) =>
  documents.reduce((paise, document) => paise + document.totals[key], 0);

describe('GSTR-1 files', () => {
  const csvs = unzipCsvs(buildGstr1Zip({ invoices, creditNotes }));
  const rowsOf = (name: string) => csvs[`${name}.csv`]?.rows ?? [];

  it("has one CSV per table with the offline tool's headers", () => {
    expect(Object.keys(csvs).sort()).toEqual(
      ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'docs', 'hsn'].map((name) => `${name}.csv`),
    );
    expect(csvs['b2cs.csv']?.header).toEqual([
      'Type',
      'Place Of Supply',
      'Rate',
      'Applicable % of Tax Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ]);
    expect(csvs['docs.csv']?.header).toEqual([
      'Nature of Document',
      'Sr. No. From',
      'Sr. No. To',
      'Total Number',
      'Cancelled',
    ]);
  });

  it('lists a B2B invoice per rate, its value once per row, and its credit note in cdnr', () => {
    const rows = rowsOf('b2b');
    expect(rows.map((row) => [row['Invoice Number'], row.Rate])).toEqual([
      [b2b.number, '5'],
      [b2b.number, '18'],
    ]);
    expect(rows[0]).toMatchObject({
      'GSTIN/UIN of Recipient': '29AAPFR1234K1Z2',
      'Receiver Name': 'Rao Textiles, LLP',
      'Invoice date': '01-Nov-2026',
      'Invoice Value': '6528.00',
      'Place Of Supply': '29-Karnataka',
      'Reverse Charge': 'N',
      'Invoice Type': 'Regular B2B',
    });
    expect(rowsOf('cdnr')).toEqual([
      expect.objectContaining({ 'Note Number': 'CN/26-27/000001', 'Note Type': 'C', Rate: '5' }),
    ]);
    expect(rowsOf('cdnur')).toEqual([
      expect.objectContaining({ 'UR Type': 'B2CL', 'Note Number': 'CN/26-27/000003' }),
    ]);
    expect(column(rowsOf('b2cl'), 'Invoice Number')).toEqual([large.number, large.number]);
  });

  it('nets B2C small by place of supply and rate, type OE', () => {
    expect(rowsOf('b2cs').map((row) => [row.Type, row['Place Of Supply'], row.Rate])).toEqual([
      ['OE', '27-Maharashtra', '5'],
      ['OE', '27-Maharashtra', '18'],
      ['OE', '29-Karnataka', '5'],
    ]);
    const maharashtraFive = rowsOf('b2cs')[0]?.['Taxable Value'];
    expect(Math.round(Number(maharashtraFive) * 100)).toBe(
      smallThereAgain.lines[0]?.taxableValuePaise ?? 0,
    );
  });

  it('adds up exactly to the invoices less the credit notes', () => {
    const supplies = ['b2b', 'b2cl', 'b2cs'].flatMap((name) =>
      column(rowsOf(name), 'Taxable Value'),
    );
    const notes = ['cdnr', 'cdnur'].flatMap((name) => column(rowsOf(name), 'Taxable Value'));
    const netTaxable =
      total(invoices, 'taxableValuePaise') - total(creditNotes, 'taxableValuePaise');
    expect(sum(supplies) - sum(notes)).toBe(netTaxable);

    const hsn = rowsOf('hsn');
    expect(sum(column(hsn, 'Taxable Value'))).toBe(netTaxable);
    expect(sum(column(hsn, 'Total Value'))).toBe(
      total(invoices, 'totalPaise') - total(creditNotes, 'totalPaise'),
    );
    expect(sum(column(hsn, 'Integrated Tax Amount'))).toBe(
      total(invoices, 'igstPaise') - total(creditNotes, 'igstPaise'),
    );
    expect(sum(column(hsn, 'Central Tax Amount'))).toBe(
      total(invoices, 'cgstPaise') - total(creditNotes, 'cgstPaise'),
    );
    expect(sum(column(hsn, 'State/UT Tax Amount'))).toBe(
      total(invoices, 'sgstPaise') - total(creditNotes, 'sgstPaise'),
    );
    const pieces = (documents: readonly InvoiceDocument[]) =>
      documents
        .flatMap((document) => document.lines)
        .reduce((count, line) => count + line.quantity, 0);
    expect(column(hsn, 'Total Quantity').reduce((count, value) => count + Number(value), 0)).toBe(
      pieces(invoices) - pieces(creditNotes),
    );
    expect(new Set(column(hsn, 'UQC'))).toEqual(new Set(['NOS-NUMBERS']));

    const b2bValues = new Map(
      rowsOf('b2b').map((row) => [row['Invoice Number'], row['Invoice Value'] ?? '']),
    );
    expect(sum([...b2bValues.values()])).toBe(b2b.totals.totalPaise);
  });

  it('counts the documents issued per series', () => {
    expect(rowsOf('docs')).toEqual([
      {
        'Nature of Document': 'Invoices for outward supply',
        'Sr. No. From': 'TC/26-27/000001',
        'Sr. No. To': 'TC/26-27/000005',
        'Total Number': '5',
        Cancelled: '0',
      },
      {
        'Nature of Document': 'Credit Note',
        'Sr. No. From': 'CN/26-27/000001',
        'Sr. No. To': 'CN/26-27/000003',
        'Total Number': '3',
        Cancelled: '0',
      },
    ]);
  });
});
