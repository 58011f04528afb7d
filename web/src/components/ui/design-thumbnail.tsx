import { useId, useLayoutEffect } from 'react';
import { type Design, type DesignSide, type PrintAreas, printedSides } from '#contract';
import { renderDesignSvg } from '#contract/design-render';
import { ensureDesignFonts } from '#web/lib/design-fonts.ts';
import { designImageUrl } from '#web/lib/design-images.ts';

/**
 * One side's SVG from the contract's renderer, ready to sit inline in a page
 * beside others: its ids (arched text paths) get a prefix of their own, so two
 * thumbnails never draw along each other's path.
 */
export function inlineDesignSvg(
  design: Design,
  side: DesignSide,
  printAreas: PrintAreas,
  idPrefix: string,
  outline = false,
): string {
  const svg = renderDesignSvg(design[side], printAreas[side], {
    imageHref: designImageUrl,
    outline,
  });
  return prefixSvgIds(svg, idPrefix);
}

/** The renderer's ids (arched text paths) and references to them, prefixed to be unique in the page. */
export function prefixSvgIds(svg: string, idPrefix: string): string {
  const prefix = idPrefix.replace(/[^a-zA-Z0-9_-]/g, '');
  return svg.replace(/ id="/g, ` id="${prefix}-`).replace(/ href="#/g, ` href="#${prefix}-`);
}

/** What a side shows, in words: the thumbnail's alt text names the design. */
export function describeDesignSide(design: Design, side: DesignSide): string {
  const parts = design[side].map((layer) =>
    layer.type === 'text' ? `text “${layer.text.replace(/\s+/g, ' ')}”` : 'an image',
  );
  return `Your design, ${side}: ${parts.join(', ')}`;
}

interface DesignThumbnailsProps {
  design: Design;
  printAreas: PrintAreas;
  /** Each side's box, in Tailwind size classes. */
  className?: string;
}

/** A thumbnail of each printed side (cart, checkout, orders, admin): drawn like the preview and the print file. */
export function DesignThumbnails({
  design,
  printAreas,
  className = 'size-16',
}: DesignThumbnailsProps) {
  const id = useId();
  useLayoutEffect(ensureDesignFonts, []);
  return (
    <ul className="flex gap-2" aria-label="Design">
      {printedSides(design).map((side) => (
        <li key={side}>
          <div
            role="img"
            aria-label={describeDesignSide(design, side)}
            className={`${className} rounded-lg border border-ink-200 bg-ink-100 p-1 [&>svg]:block [&>svg]:size-full`}
            // The contract's renderer escapes every text; image addresses are the shop's own.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the one renderer's SVG, shared with the print file
            dangerouslySetInnerHTML={{
              __html: inlineDesignSvg(design, side, printAreas, `${id}${side}`),
            }}
          />
          <span className="mt-0.5 block text-center text-xs text-ink-600 capitalize">{side}</span>
        </li>
      ))}
    </ul>
  );
}
