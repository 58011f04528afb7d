/**
 * A customised line in an email (issue 28): each printed side drawn on the
 * garment in its colour, as a PNG attached inline when the message is sent.
 * The message names the pictures by Content-ID and keeps the ids of the lines
 * they show (`designPicturesOf`); the worker renders them from those lines
 * under the same names.
 */
import { type DesignSide, type Order, printedSides } from '#contract';
import { describeDesignSide, garmentThumbnailBox } from '#contract/design-render';
import { personalisedDesign } from '#contract/names-and-numbers';
import { escapeHtml, type Part } from './html-email.ts';

/** The width an email shows a side at, in CSS pixels, and the PNG's: a few kilobytes, a word still readable. */
export const DESIGN_PICTURE_WIDTH_PX = 160;

/** The Content-ID of one side of one ordered line's picture. */
export const designPictureCid = (orderItemId: string, side: DesignSide) =>
  `design-${orderItemId}-${side}@pictures`;

/** The picture's file name, for a mail program that offers inline parts as files too. */
export const designPictureFileName = (lineNumber: number, side: DesignSide) =>
  `design-line-${lineNumber}-${side}.png`;

type OrderLine = Order['items'][number];

/** The lines with a design printed on at least one side, and that design's print areas. */
const pictured = (lines: readonly OrderLine[]) =>
  lines.flatMap((line) => {
    const { printAreas } = line;
    if (!line.design || !printAreas) return [];
    // A personalised piece is drawn and described with its name and number.
    const design = personalisedDesign(line.design, line.personalisation, printAreas.back);
    const sides = printedSides(line.design, line.personalisation);
    return sides.length > 0 ? [{ line, design, printAreas, sides }] : [];
  });

/** The ids of the lines `designPictures` shows: what the message keeps for the worker to draw. */
export const picturedLineIds = (lines: readonly OrderLine[]) =>
  pictured(lines).map(({ line }) => line._id);

/**
 * The customised ones of an order's lines, each printed side on its garment:
 * an `<img src="cid:…">` with its size and alt text in HTML, the design and
 * its colour in words in the text part. Nothing for lines without designs.
 */
export function designPictures(lines: readonly OrderLine[]): Part[] {
  return pictured(lines).map(({ line, design, printAreas, sides }) => {
    const heading = `${line.name} (size ${line.size}, ${line.color.name})`;
    const described = sides.map((side) =>
      describeDesignSide(design, side, line.garment, line.color),
    );
    const images = sides.map((side, index) => {
      const box = garmentThumbnailBox(printAreas[side], line.garment);
      const height = Math.round((DESIGN_PICTURE_WIDTH_PX * box.heightMm) / box.widthMm);
      return `<img src="cid:${escapeHtml(designPictureCid(line._id, side))}" width="${DESIGN_PICTURE_WIDTH_PX}" height="${height}" alt="${escapeHtml(described[index] ?? '')}" style="display:inline-block;margin:0 8px 8px 0;border:0">`;
    });
    return {
      text: `${heading}:\n${described.join('\n')}`,
      html: `<p style="margin:0 0 4px">${escapeHtml(heading)}</p><p style="margin:0 0 16px">${images.join('')}</p>`,
    };
  });
}
