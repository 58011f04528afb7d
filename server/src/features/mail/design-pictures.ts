/**
 * A customised line in an email (issue 28): each printed side drawn on the
 * garment in its colour, as a PNG attached inline when the message is sent.
 * The message names the pictures by Content-ID; the worker renders them from
 * the order's lines under the same names.
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

/**
 * The customised lines of an order, each printed side on its garment: an
 * `<img src="cid:…">` with its size and alt text in HTML, the design and its
 * colour in words in the text part. Nothing for an order without designs.
 */
export function designPictures(order: Pick<Order, 'items'>): Part[] {
  return order.items.flatMap((item) => {
    const { printAreas } = item;
    if (!item.design || !printAreas) return [];
    // A personalised piece is described with its name and number, as its picture shows them.
    const design = personalisedDesign(item.design, item.personalisation, printAreas.back);
    const sides = printedSides(item.design, item.personalisation);
    if (sides.length === 0) return [];
    const heading = `${item.name} (size ${item.size}, ${item.color.name})`;
    const described = sides.map((side) => describeDesignSide(design, side, item.color));
    const images = sides.map((side, index) => {
      const box = garmentThumbnailBox(printAreas[side]);
      const height = Math.round((DESIGN_PICTURE_WIDTH_PX * box.heightMm) / box.widthMm);
      return `<img src="cid:${escapeHtml(designPictureCid(item._id, side))}" width="${DESIGN_PICTURE_WIDTH_PX}" height="${height}" alt="${escapeHtml(described[index] ?? '')}" style="display:inline-block;margin:0 8px 8px 0;border:0">`;
    });
    return [
      {
        text: `${heading}:\n${described.join('\n')}`,
        html: `<p style="margin:0 0 4px">${escapeHtml(heading)}</p><p style="margin:0 0 16px">${images.join('')}</p>`,
      },
    ];
  });
}
