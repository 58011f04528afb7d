import { describe, expect, it } from 'vitest';
import { sumTaxTotals } from '#contract';
import { invoiceInput, taxedLine } from '#server-test/invoice-fixtures.ts';
import { pdfPagesPieces, pdfPagesText } from '#server-test/pdf-text.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { renderDocumentPdf } from './invoice-pdf.ts';

const ORDER_ID = '0b9d3c1e-5a0f-4c1e-9d2a-7f3e2c1a9b8d';
const ISSUED_AT = new Date('2026-11-27T10:00:00+05:30');

function invoice(options: Parameters<typeof invoiceInput>[1] = {}): InvoiceDocument {
  const { prefix: _prefix, issuedAt: _issuedAt, ...content } = invoiceInput(ORDER_ID, options);
  return {
    ...content,
    totals: sumTaxTotals(content.lines),
    kind: 'invoice',
    number: 'TC/26-27/000123',
    issuedAt: ISSUED_AT,
  };
}

const textOf = async (document: InvoiceDocument) =>
  (await pdfPagesText(await renderDocumentPdf(document))).join(' ');

describe('the invoice PDF', () => {
  it('carries what Rule 46 asks, with CGST and SGST within the state', async () => {
    const document = invoice({ gstin: '29AAPFR1234K1Z2' });
    const text = await textOf(document);
    const [tee, wrap] = document.lines;
    for (const expected of [
      'TAX INVOICE',
      'Threadcraft',
      'Threadcraft Apparel Private Limited',
      '4th Floor, 80 Feet Road',
      'Koramangala, Bengaluru 560034',
      'GSTIN: 29AAACT1234F1Z5',
      'Invoice No.',
      'TC/26-27/000123',
      '27 Nov 2026',
      'Place of supply',
      'Karnataka (29)',
      'Rao Textiles LLP',
      'Asha Rao',
      '12 MG Road',
      'GSTIN: 29AAPFR1234K1Z2',
      'Classic crew-neck t-shirt, black, M',
      '6109',
      '4823',
      'Unit price (₹)',
      'Discount (₹)',
      'Taxable value (₹)',
      '499.50',
      '50.00',
      '903.81',
      '5%',
      '18%',
      'CGST',
      'SGST',
      '@ 2.5%',
      '949.00',
      '₹929.23',
      '₹24.88',
      '₹24.89',
      '₹979.00',
      'Rupees Nine Hundred Seventy-Nine Only',
      'Tax is not payable on reverse charge',
      'For Threadcraft Apparel Private Limited',
      'Authorised Signatory',
    ]) {
      expect(text).toContain(expected);
    }
    expect(tee?.cgstPaise).toBe(2259);
    expect(wrap?.sgstPaise).toBe(229);
    expect(text).not.toContain('IGST');
  });

  it('shows IGST across states, and the amount in words with paise', async () => {
    const place = { code: '27', name: 'Maharashtra' };
    const lines = [
      taxedLine({ quantity: 1, unitPricePaise: 124950, totalPaise: 124950, ratePercent: 5 }, false),
    ];
    const text = await textOf(invoice({ place, lines }));
    for (const expected of [
      'Maharashtra (27)',
      'IGST',
      '@ 5%',
      '₹1,249.50',
      'Rupees One Thousand Two Hundred Forty-Nine and Fifty Paise Only',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CGST');
  });

  it('titles a credit note and names the invoice it is against', async () => {
    const text = await textOf({
      ...invoice(),
      kind: 'credit-note',
      number: 'CN/26-27/000007',
      issuedAt: new Date('2026-12-02T10:00:00+05:30'),
      against: { number: 'TC/26-27/000123', issuedAt: ISSUED_AT, totalPaise: 97900 },
    });
    for (const expected of [
      'CREDIT NOTE',
      'Credit Note No.',
      'CN/26-27/000007',
      '02 Dec 2026',
      'Against invoice',
      'TC/26-27/000123 dated 27 Nov 2026',
      'Credit total',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('TAX INVOICE');
  });

  it('wraps long descriptions and pages 40 lines over, the table header on every page', async () => {
    const long =
      'Custom printed heavyweight oversized hoodie, charcoal melange, XXL, front and back print';
    const lines = Array.from({ length: 40 }, (_, index) =>
      taxedLine({
        description: index === 0 ? long : `Classic crew-neck t-shirt no. ${index + 1}`,
        unitPricePaise: 79900,
        totalPaise: 79900,
        ratePercent: 5,
      }),
    );
    const pdf = await renderDocumentPdf(invoice({ lines }));
    const pages = await pdfPagesText(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const [first = '', ...rest] = pages;
    expect(first).toContain(long);
    // Drawn over several lines of its cell, never as one piece past the column.
    const [firstPieces = []] = await pdfPagesPieces(pdf);
    expect(firstPieces).not.toContain(long);
    expect(firstPieces.some((piece) => long.startsWith(piece) && piece.length < long.length)).toBe(
      true,
    );
    for (const [index, page] of pages.entries()) {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    }
    const tablePages = pages.filter((page) => page.includes('Classic crew-neck t-shirt'));
    expect(tablePages.length).toBeGreaterThanOrEqual(2);
    for (const page of tablePages) expect(page).toContain('Description HSN/ SAC Qty Unit price');
    expect(rest[0]).toContain('Tax Invoice TC/26-27/000123 (continued)');
    const all = pages.join(' ');
    expect(all).toContain('Classic crew-neck t-shirt no. 40');
    expect(all).toContain('₹31,960.00');
  });
});
