import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text pieces of each page of a PDF, as drawn: a wrapped line is several pieces. */
export async function pdfPagesPieces(pdf: Buffer): Promise<string[][]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[][] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str.trim()] : [])),
    );
  }
  await document.destroy();
  return pages;
}

/** The text of each page of a PDF, its pieces joined by single spaces. */
export async function pdfPagesText(pdf: Buffer): Promise<string[]> {
  return (await pdfPagesPieces(pdf)).map((pieces) => pieces.join(' ').replace(/\s+/g, ' '));
}
