import { fileURLToPath } from 'node:url';
import { formatRupees, orderNumber, SHOP_TIME_ZONE, type TaxedLine } from '#contract';
import { paiseToRupees } from '#server/lib/money.ts';
import { onFirstUse } from '#server/lib/on-first-use.ts';
import { amountInWords } from './amount-in-words.ts';
import { type InvoiceDocument, isIntraState } from './invoice-document.ts';

const loadPdfKit = onFirstUse(async () => (await import('pdfkit')).default);

/** Lato (web/public/fonts, SIL OFL) carries the rupee sign; pdfkit's built-in fonts do not. */
const FONT_DIRECTORY = fileURLToPath(new URL('../../../../web/public/fonts/', import.meta.url));
const REGULAR = 'Lato';
const BOLD = 'Lato-Bold';

const MARGIN = 36;
const INK = '#1f2328';
const MUTED = '#57606a';
const RULE = '#b6bcc4';
const SHADE = '#eef1f4';
const CELL_PADDING = 4;
const TABLE_FONT_SIZE = 7.5;

const AMOUNT = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const DATE = new Intl.DateTimeFormat('en-IN', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});

/** Paise as the table prints them: Indian digit grouping, two decimals, no sign. */
const amount = (paise: number) => AMOUNT.format(paiseToRupees(paise));
const rupees = (paise: number) => formatRupees(paiseToRupees(paise));
export const formatDocumentDate = (instant: Date) => DATE.format(instant);

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right' | 'center';
  cell(line: TaxedLine, index: number): string;
}

const percent = (rate: number) => `${rate}%`;
const halfRate = (line: TaxedLine) => percent(line.ratePercent / 2);

/** The line table: CGST and SGST columns within the state, IGST across states. */
function columnsFor(intraState: boolean): Column[] {
  const tax: Column[] = intraState
    ? [
        {
          header: 'CGST',
          width: 52,
          align: 'right',
          cell: (line) => `${amount(line.cgstPaise)}\n@ ${halfRate(line)}`,
        },
        {
          header: 'SGST',
          width: 52,
          align: 'right',
          cell: (line) => `${amount(line.sgstPaise)}\n@ ${halfRate(line)}`,
        },
      ]
    : [
        {
          header: 'IGST',
          width: 60,
          align: 'right',
          cell: (line) => `${amount(line.igstPaise)}\n@ ${percent(line.ratePercent)}`,
        },
      ];
  const fixed: Column[] = [
    { header: '#', width: 20, align: 'center', cell: (_line, index) => String(index + 1) },
    { header: 'Description', width: 0, align: 'left', cell: (line) => line.description },
    { header: 'HSN/SAC', width: 38, align: 'center', cell: (line) => line.hsn },
    { header: 'Qty', width: 26, align: 'right', cell: (line) => String(line.quantity) },
    {
      header: 'Unit price (₹)',
      width: 50,
      align: 'right',
      cell: (line) => amount(line.unitPricePaise),
    },
    {
      header: 'Discount (₹)',
      width: 46,
      align: 'right',
      cell: (line) => amount(line.discountPaise),
    },
    {
      header: 'Taxable value (₹)',
      width: 56,
      align: 'right',
      cell: (line) => amount(line.taxableValuePaise),
    },
    { header: 'Rate', width: 28, align: 'center', cell: (line) => percent(line.ratePercent) },
  ];
  const total: Column = {
    header: 'Total (₹)',
    width: 58,
    align: 'right',
    cell: (line) => amount(line.totalPaise),
  };
  const columns = [...fixed, ...tax, total];
  const used = columns.reduce((sum, column) => sum + column.width, 0);
  const description = columns[1];
  if (description) description.width = A4_CONTENT_WIDTH - used;
  return columns;
}

const A4_CONTENT_WIDTH = 595.28 - 2 * MARGIN;

/**
 * A tax invoice or credit note as an A4 PDF carrying what Rule 46 of the CGST
 * Rules asks (issue 26). Long descriptions wrap; a long table continues on
 * the next page under its header row again.
 */
export async function renderDocumentPdf(document: InvoiceDocument): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${titleOf(document)} ${document.number}`, Author: document.supplier.legalName },
  });
  pdf.registerFont(REGULAR, `${FONT_DIRECTORY}Lato-Regular.ttf`);
  pdf.registerFont(BOLD, `${FONT_DIRECTORY}Lato-Bold.ttf`);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  drawHeading(pdf, document);
  drawParties(pdf, document);
  drawLines(pdf, document);
  drawTotals(pdf, document);
  drawClosing(pdf, document);
  drawPageFooters(pdf, document);
  pdf.end();
  return ended;
}

const titleOf = (document: InvoiceDocument) =>
  document.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note';

function drawHeading(pdf: PDFKit.PDFDocument, document: InvoiceDocument): void {
  const { supplier } = document;
  const top = MARGIN;
  const left = MARGIN;
  const half = A4_CONTENT_WIDTH / 2;
  pdf.fillColor(INK).font(BOLD).fontSize(16).text(supplier.tradeName, left, top, { width: half });
  pdf.font(REGULAR).fontSize(8.5).fillColor(MUTED);
  if (supplier.tradeName !== supplier.legalName) pdf.text(supplier.legalName, { width: half });
  pdf.text(supplier.address, { width: half });
  pdf.fillColor(INK).font(BOLD).text(`GSTIN: ${supplier.gstin}`, { width: half, continued: false });
  pdf.font(REGULAR).fillColor(MUTED).text(`State code: ${supplier.stateCode}`, { width: half });
  const supplierBottom = pdf.y;

  const right = left + half;
  pdf
    .fillColor(INK)
    .font(BOLD)
    .fontSize(16)
    .text(titleOf(document).toUpperCase(), right, top, { width: half, align: 'right' });
  pdf
    .font(REGULAR)
    .fontSize(7.5)
    .fillColor(MUTED)
    .text('ORIGINAL FOR RECIPIENT', right, pdf.y, { width: half, align: 'right' });
  pdf.moveDown(0.4);
  const facts: [string, string][] = [
    [document.kind === 'invoice' ? 'Invoice No.' : 'Credit Note No.', document.number],
    ['Date', formatDocumentDate(document.issuedAt)],
    ...(document.against
      ? [
          [
            'Against invoice',
            `${document.against.number} dated ${formatDocumentDate(document.against.issuedAt)}`,
          ] as [string, string],
        ]
      : []),
    ['Order', orderNumber(document.orderId)],
    ['Place of supply', `${document.placeOfSupply.name} (${document.placeOfSupply.code})`],
    ['Reverse charge', 'No'],
  ];
  for (const [label, value] of facts) {
    const y = pdf.y;
    pdf
      .font(REGULAR)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(label, right + 20, y, { width: 80 });
    pdf
      .font(BOLD)
      .fillColor(INK)
      .text(value, right + 100, y, { width: half - 100, align: 'right' });
  }
  pdf.y = Math.max(supplierBottom, pdf.y) + 10;
  rule(pdf);
}

function drawParties(pdf: PDFKit.PDFDocument, document: InvoiceDocument): void {
  const { recipient } = document;
  const top = pdf.y + 8;
  const left = MARGIN;
  const width = A4_CONTENT_WIDTH / 2 - 10;
  pdf.font(BOLD).fontSize(7.5).fillColor(MUTED).text('BILL TO / SHIP TO', left, top, { width });
  pdf.moveDown(0.2);
  pdf
    .font(BOLD)
    .fontSize(10)
    .fillColor(INK)
    .text(recipient.businessName ?? recipient.name, { width });
  pdf.font(REGULAR).fontSize(8.5);
  if (recipient.businessName) pdf.text(recipient.name, { width });
  pdf.fillColor(MUTED).text(recipient.address, { width });
  pdf.fillColor(INK);
  if (recipient.gstin) pdf.font(BOLD).text(`GSTIN: ${recipient.gstin}`, { width });
  pdf.font(REGULAR).fillColor(MUTED).text(`State code: ${recipient.stateCode}`, { width });
  pdf.y += 10;
}

function drawTableHeader(pdf: PDFKit.PDFDocument, columns: Column[]): void {
  pdf.font(BOLD).fontSize(TABLE_FONT_SIZE);
  const height =
    Math.max(...columns.map((column) => cellHeight(pdf, column.header, column.width))) +
    2 * CELL_PADDING;
  const top = pdf.y;
  pdf.rect(MARGIN, top, A4_CONTENT_WIDTH, height).fill(SHADE);
  pdf.fillColor(INK);
  drawRow(pdf, columns, (column) => column.header, top);
  pdf.y = top + height;
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + A4_CONTENT_WIDTH, pdf.y)
    .strokeColor(RULE)
    .stroke();
}

const cellHeight = (pdf: PDFKit.PDFDocument, text: string, width: number) =>
  pdf.heightOfString(text, { width: width - 2 * CELL_PADDING });

function drawRow(
  pdf: PDFKit.PDFDocument,
  columns: Column[],
  textOf: (column: Column) => string,
  top: number,
): void {
  let x = MARGIN;
  for (const column of columns) {
    pdf.text(textOf(column), x + CELL_PADDING, top + CELL_PADDING, {
      width: column.width - 2 * CELL_PADDING,
      align: column.align,
    });
    x += column.width;
  }
}

const pageBottom = (pdf: PDFKit.PDFDocument) => pdf.page.height - MARGIN - FOOTER_HEIGHT;
const FOOTER_HEIGHT = 18;

/** Starts a new page whose top repeats the document's number, for the table to continue on. */
function continueOnNewPage(pdf: PDFKit.PDFDocument, document: InvoiceDocument): void {
  pdf.addPage();
  pdf
    .font(BOLD)
    .fontSize(9)
    .fillColor(INK)
    .text(`${titleOf(document)} ${document.number} (continued)`, MARGIN, MARGIN);
  pdf.y += 8;
}

function drawLines(pdf: PDFKit.PDFDocument, document: InvoiceDocument): void {
  const columns = columnsFor(isIntraState(document));
  drawTableHeader(pdf, columns);
  document.lines.forEach((line, index) => {
    pdf.font(REGULAR).fontSize(TABLE_FONT_SIZE);
    const height =
      Math.max(
        ...columns.map((column) => cellHeight(pdf, column.cell(line, index), column.width)),
      ) +
      2 * CELL_PADDING;
    if (pdf.y + height > pageBottom(pdf)) {
      continueOnNewPage(pdf, document);
      drawTableHeader(pdf, columns);
      pdf.font(REGULAR).fontSize(TABLE_FONT_SIZE);
    }
    const top = pdf.y;
    pdf.fillColor(INK);
    drawRow(pdf, columns, (column) => column.cell(line, index), top);
    pdf.y = top + height;
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(MARGIN + A4_CONTENT_WIDTH, pdf.y)
      .strokeColor(RULE)
      .stroke();
  });
}

/** Keeps a block of `height` on one page. */
function makeRoom(pdf: PDFKit.PDFDocument, document: InvoiceDocument, height: number): void {
  if (pdf.y + height > pageBottom(pdf)) continueOnNewPage(pdf, document);
}

function drawTotals(pdf: PDFKit.PDFDocument, document: InvoiceDocument): void {
  const { totals } = document;
  const rows: [string, string][] = [
    ['Taxable value', rupees(totals.taxableValuePaise)],
    ...(isIntraState(document)
      ? [
          ['CGST', rupees(totals.cgstPaise)] as [string, string],
          ['SGST', rupees(totals.sgstPaise)] as [string, string],
        ]
      : [['IGST', rupees(totals.igstPaise)] as [string, string]]),
  ];
  const lineHeight = 14;
  makeRoom(pdf, document, (rows.length + 2) * lineHeight + 10);
  const width = 220;
  const left = MARGIN + A4_CONTENT_WIDTH - width;
  pdf.y += 8;
  for (const [label, value] of rows) {
    const y = pdf.y;
    pdf.font(REGULAR).fontSize(9).fillColor(MUTED).text(label, left, y, { width: 110 });
    pdf.fillColor(INK).text(value, left + 110, y, { width: width - 110, align: 'right' });
    pdf.y = y + lineHeight;
  }
  const y = pdf.y + 2;
  pdf.rect(left, y, width, lineHeight + 6).fill(SHADE);
  const label = document.kind === 'invoice' ? 'Invoice total' : 'Credit total';
  pdf
    .font(BOLD)
    .fontSize(10)
    .fillColor(INK)
    .text(label, left + 4, y + 4, { width: 110 });
  pdf.text(rupees(totals.totalPaise), left + 110, y + 4, { width: width - 114, align: 'right' });
  pdf.y = y + lineHeight + 12;
}

function drawClosing(pdf: PDFKit.PDFDocument, document: InvoiceDocument): void {
  makeRoom(pdf, document, 110);
  const left = MARGIN;
  pdf.font(REGULAR).fontSize(8).fillColor(MUTED).text('Amount in words', left, pdf.y);
  pdf
    .font(BOLD)
    .fontSize(9)
    .fillColor(INK)
    .text(amountInWords(document.totals.totalPaise), { width: A4_CONTENT_WIDTH });
  pdf.moveDown(0.6);
  pdf.font(REGULAR).fontSize(8.5).text('Tax is not payable on reverse charge.');
  pdf.moveDown(1.2);
  const width = 200;
  const right = MARGIN + A4_CONTENT_WIDTH - width;
  const top = pdf.y;
  pdf
    .font(BOLD)
    .fontSize(9)
    .text(`For ${document.supplier.legalName}`, right, top, { width, align: 'right' });
  const signatureLine = pdf.y + 30;
  pdf
    .moveTo(right + 40, signatureLine)
    .lineTo(right + width, signatureLine)
    .strokeColor(RULE)
    .stroke();
  pdf
    .font(REGULAR)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text('Authorised Signatory', right, signatureLine + 4, { width, align: 'right' });
}

function drawPageFooters(pdf: PDFKit.PDFDocument, document: InvoiceDocument): void {
  const { start, count } = pdf.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    pdf.switchToPage(page);
    const y = pdf.page.height - MARGIN - 10;
    // Writing below the bottom margin would make pdfkit add a page; lift the margin for the footer.
    pdf.page.margins.bottom = 0;
    pdf
      .font(REGULAR)
      .fontSize(7)
      .fillColor(MUTED)
      .text(`${document.number} · This is a computer-generated document.`, MARGIN, y, {
        width: A4_CONTENT_WIDTH / 2,
        lineBreak: false,
      })
      .text(`Page ${page - start + 1} of ${count}`, MARGIN + A4_CONTENT_WIDTH / 2, y, {
        width: A4_CONTENT_WIDTH / 2,
        align: 'right',
        lineBreak: false,
      });
  }
}

function rule(pdf: PDFKit.PDFDocument): void {
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + A4_CONTENT_WIDTH, pdf.y)
    .strokeColor(RULE)
    .lineWidth(0.75)
    .stroke();
}
