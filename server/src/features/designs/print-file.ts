import { fileURLToPath } from 'node:url';
import { renderAsync } from '@resvg/resvg-js';
import sharp from 'sharp';
import {
  DESIGN_FONT_FILES,
  DESIGN_FONTS,
  DESIGN_LIMITS,
  type Layer,
  type PrintArea,
  printPixelSize,
} from '#contract';
import { renderDesignSvg } from '#contract/design-render';

/** The font files the web serves (web/public/fonts): the print uses exactly the preview's fonts. */
const FONT_DIRECTORY = fileURLToPath(new URL('../../../../web/public/fonts/', import.meta.url));
export const PRINT_FONT_FILES = DESIGN_FONT_FILES.map((file) => `${FONT_DIRECTORY}${file}`);

export interface PrintImage {
  bytes: Buffer;
  contentType: string;
}

/**
 * Print files render one at a time in a process: a 300 × 400 mm side holds
 * ~17 megapixels (about 70 MB a copy) while it is drawn and encoded.
 */
let queue: Promise<unknown> = Promise.resolve();

/**
 * One printed side as a PNG at 300 DPI of its print area (decision 019): the
 * contract's SVG, with each image embedded, rasterised by resvg with the
 * bundled fonts only (never the machine's), on a transparent background. The
 * rasterising runs off the event loop (resvg's thread pool) and so does the
 * PNG encoding (sharp), which also records the 300 DPI in the file.
 */
export function renderPrintFile(
  layers: readonly Layer[],
  area: PrintArea,
  images: ReadonlyMap<string, PrintImage>,
): Promise<Buffer> {
  const next = queue.then(() => render(layers, area, images));
  queue = next.catch(() => undefined);
  return next;
}

async function render(
  layers: readonly Layer[],
  area: PrintArea,
  images: ReadonlyMap<string, PrintImage>,
): Promise<Buffer> {
  const size = printPixelSize(area);
  const svg = renderDesignSvg(layers, area, {
    separateGlyphs: true,
    imageHref: (id) => {
      const image = images.get(id);
      return image ? `data:${image.contentType};base64,${image.bytes.toString('base64')}` : '';
    },
  });
  const rendered = await renderAsync(svg, {
    font: {
      fontFiles: PRINT_FONT_FILES,
      loadSystemFonts: false,
      defaultFontFamily: DESIGN_FONTS[0].family,
    },
    fitTo: { mode: 'width', value: size.width },
    logLevel: 'off',
  });
  // resvg's pixels are premultiplied RGBA; sharp turns them back before encoding.
  return sharp(rendered.pixels, {
    raw: { width: rendered.width, height: rendered.height, channels: 4, premultiplied: true },
  })
    .resize(size.width, size.height, { fit: 'fill' })
    .png()
    .withMetadata({ density: DESIGN_LIMITS.printDpi })
    .toBuffer();
}
