import { useId, useLayoutEffect } from 'react';
import {
  type Design,
  type GarmentKind,
  type Personalisation,
  type PrintAreas,
  type ProductColor,
  printedSides,
} from '#contract';
import { describeDesignSide, garmentThumbnailBox, renderGarmentSvg } from '#contract/design-render';
import { personalisedDesign } from '#contract/names-and-numbers';
import { ensureDesignFonts } from '#web/lib/design-fonts.ts';
import { designImageUrl } from '#web/lib/design-images.ts';

/** The renderer's ids (arched text paths) and references to them, prefixed to be unique in the page. */
export function prefixSvgIds(svg: string, idPrefix: string): string {
  const prefix = idPrefix.replace(/[^a-zA-Z0-9_-]/g, '');
  return svg.replace(/ id="/g, ` id="${prefix}-`).replace(/ href="#/g, ` href="#${prefix}-`);
}

interface DesignThumbnailsProps {
  design: Design;
  printAreas: PrintAreas;
  /** The garment the design is on (a tee or a hoodie), drawn in its colour as it will be printed. */
  garment: GarmentKind;
  color: ProductColor;
  /** Each side's width, in Tailwind classes; its height follows the garment's crop. */
  className?: string;
  /** Sides beside each other, or one above the other (in a line's picture slot). */
  direction?: 'row' | 'column';
  /** A personalised piece's name and number, lettered on its back (issue 29). */
  personalisation?: Personalisation | null | undefined;
}

/**
 * Each printed side of a customised line on its garment (cart, checkout,
 * success page, orders, tracking, admin): the garment in its colour with the
 * design drawn by the one renderer, like the editor and the print file. No
 * grey tile behind it: white ink on a white tee shows as it will print.
 */
export function DesignThumbnails({
  design,
  printAreas,
  garment,
  color,
  className = 'w-16',
  direction = 'row',
  personalisation,
}: DesignThumbnailsProps) {
  const id = useId();
  const printed = personalisedDesign(design, personalisation, printAreas.back);
  useLayoutEffect(ensureDesignFonts, []);
  return (
    <ul
      className={`flex gap-2 ${direction === 'column' ? 'flex-col' : 'flex-row flex-wrap'}`}
      aria-label="Design"
    >
      {printedSides(design, personalisation).map((side) => {
        const box = garmentThumbnailBox(printAreas[side], garment);
        const svg = renderGarmentSvg(printed[side], side, printAreas[side], {
          imageHref: designImageUrl,
          garment,
          garmentHex: color.hex,
          crop: 'thumbnail',
        });
        return (
          <li key={side} className={className}>
            <div
              role="img"
              aria-label={describeDesignSide(printed, side, garment, color)}
              data-testid="garment-thumbnail"
              data-garment={garment}
              className="w-full [&>svg]:block [&>svg]:size-full"
              style={{ aspectRatio: `${box.widthMm} / ${box.heightMm}` }}
              // The contract's renderer escapes every text; image addresses are the shop's own.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the one renderer's SVG, shared with the print file
              dangerouslySetInnerHTML={{ __html: prefixSvgIds(svg, `${id}${side}`) }}
            />
            <span className="mt-0.5 block text-center text-xs text-ink-600 capitalize">{side}</span>
          </li>
        );
      })}
    </ul>
  );
}
