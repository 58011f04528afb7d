import { fileURLToPath } from 'node:url';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import type { Sharp } from 'sharp';
import {
  DESIGN_FONT_FILES,
  DESIGN_FONTS,
  DESIGN_LIMITS,
  type DesignSide,
  designFontFace,
  type ImageLayer,
  type Layer,
  layerBounds,
  type PrintArea,
  printPixelSize,
} from '#contract';
import { renderDesignSvg, renderGarmentSvg, type SvgWindow } from '#contract/design-render';
import { onFirstUse } from '#server/lib/on-first-use.ts';

const loadSharp = onFirstUse(async () => {
  const sharp = (await import('sharp')).default;
  // A print file is drawn once and never again in this process: libvips's
  // operation cache would only hold its tens of megabytes (decision 059).
  sharp.cache(false);
  // One libvips thread per pipeline: a print is written line by line into one
  // zlib stream, and each extra thread holds its own buffers (decision 065).
  sharp.concurrency(1);
  return sharp;
});
const loadResvg = onFirstUse(() => import('@resvg/resvg-js'));

/** The font files the web serves (web/public/fonts): the print uses exactly the preview's fonts. */
const FONT_DIRECTORY = fileURLToPath(new URL('../../../../web/public/fonts/', import.meta.url));
export const PRINT_FONT_FILES = DESIGN_FONT_FILES.map((file) => `${FONT_DIRECTORY}${file}`);

/**
 * The font files a side's text layers are drawn with, and the default
 * family's: resvg reads and parses every file it is given at each render
 * (decision 059), and a side uses one or two of the twenty.
 */
function fontFilesOf(layers: readonly Layer[]): string[] {
  const files = new Set<string>([DESIGN_FONTS[0].faces.regular]);
  for (const layer of layers) if (layer.type === 'text') files.add(designFontFace(layer).file);
  return [...files].map((file) => `${FONT_DIRECTORY}${file}`);
}

type ResvgFit = NonNullable<ResvgRenderOptions['fitTo']>;

export interface PrintImage {
  bytes: Buffer;
  contentType: string;
}

/**
 * The most image pixels one side embeds, once each image is fitted to its
 * layer at 300 DPI: past it every image is scaled down alike (decision 031).
 * resvg decodes each embedded image whole (4 bytes a pixel), so this bounds
 * the images' share of a render's memory at 144 MB, however many layers.
 */
export const PRINT_IMAGE_MAX_PIXELS = 36_000_000;

/**
 * Print files render one at a time in a process: a 300 × 400 mm side holds
 * ~17 megapixels (about 70 MB a copy) while it is drawn and encoded.
 */
let queue: Promise<unknown> = Promise.resolve();

interface PixelSize {
  width: number;
  height: number;
}

/**
 * Each image's pixels as the print needs them: no more than its largest layer
 * covers at 300 DPI (a 36-megapixel photo printed 150 mm wide needs 1772 px),
 * never more than it has, and all of them together within
 * PRINT_IMAGE_MAX_PIXELS. Answers each image's own size and its print size.
 */
async function printSizes(
  layers: readonly ImageLayer[],
  images: ReadonlyMap<string, PrintImage>,
): Promise<Map<string, { native: PixelSize; print: PixelSize }>> {
  const needed = new Map<string, PixelSize>();
  for (const layer of layers) {
    if (!images.has(layer.imageId)) continue;
    const size = printPixelSize(layer);
    const seen = needed.get(layer.imageId);
    needed.set(
      layer.imageId,
      seen
        ? { width: Math.max(seen.width, size.width), height: Math.max(seen.height, size.height) }
        : size,
    );
  }
  const sizes = new Map<string, { native: PixelSize; print: PixelSize }>();
  const sharp = await loadSharp();
  for (const [id, size] of needed) {
    const image = images.get(id);
    if (!image) continue;
    const { width, height } = await sharp(image.bytes).metadata();
    sizes.set(id, {
      native: { width, height },
      print: { width: Math.min(width, size.width), height: Math.min(height, size.height) },
    });
  }
  const total = [...sizes.values()].reduce((sum, { print }) => sum + print.width * print.height, 0);
  if (total > PRINT_IMAGE_MAX_PIXELS) {
    const scale = Math.sqrt(PRINT_IMAGE_MAX_PIXELS / total);
    for (const { print } of sizes.values()) {
      print.width = Math.max(1, Math.floor(print.width * scale));
      print.height = Math.max(1, Math.floor(print.height * scale));
    }
  }
  return sizes;
}

/**
 * The images as data: URIs at their print sizes, downscaled one at a time
 * (sharp, off the event loop); one already small enough is embedded as stored.
 * A JPEG stays a JPEG (at quality 95); anything else becomes a PNG, keeping
 * its transparency.
 */
export async function embeddedImages(
  layers: readonly Layer[],
  images: ReadonlyMap<string, PrintImage>,
): Promise<Map<string, string>> {
  const imageLayers = layers.filter((layer): layer is ImageLayer => layer.type === 'image');
  const hrefs = new Map<string, string>();
  const sharp = await loadSharp();
  for (const [id, { native, print }] of await printSizes(imageLayers, images)) {
    const image = images.get(id);
    if (!image) continue;
    let { bytes, contentType } = image;
    if (print.width < native.width || print.height < native.height) {
      const resized = sharp(bytes).resize(print.width, print.height, { fit: 'fill' });
      const jpeg = contentType === 'image/jpeg';
      bytes = await (jpeg
        ? resized.jpeg({ quality: 95 })
        : resized.png({ compressionLevel: 2 })
      ).toBuffer();
      contentType = jpeg ? 'image/jpeg' : 'image/png';
    }
    hrefs.set(id, `data:${contentType};base64,${bytes.toString('base64')}`);
  }
  return hrefs;
}

/**
 * One printed side as a PNG at 300 DPI of its print area (decision 019): the
 * contract's SVG, with each image embedded at the pixels its layer prints
 * (decision 031), rasterised by resvg with the
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

/**
 * Pixels of antialiasing drawn around a layer's bounds: resvg's coverage
 * reaches at most one pixel past the outline; two keep rounding safe.
 */
const ANTIALIAS_MARGIN_PX = 2;

/**
 * The part of a print file its layers' ink can touch (decision 065): the
 * union of the layers' bounds (the guard rail's, which hold every glyph
 * resvg draws), grown by the antialiasing margin, snapped outwards to the
 * file's pixel grid and kept within it; null when nothing is drawn. The
 * rest of the file is transparent and never drawn.
 */
export function printInkWindow(
  layers: readonly Layer[],
  area: Pick<PrintArea, 'widthMm' | 'heightMm'>,
): { window: SvgWindow; leftPx: number; topPx: number } | null {
  const size = printPixelSize(area);
  // One scale for both axes, as resvg fits the whole area to the file's width.
  const pxPerMm = size.width / area.widthMm;
  let [left, top, right, bottom] = [size.width, size.height, 0, 0];
  for (const layer of layers) {
    const bounds = layerBounds(layer);
    left = Math.min(left, Math.floor(bounds.left * pxPerMm) - ANTIALIAS_MARGIN_PX);
    top = Math.min(top, Math.floor(bounds.top * pxPerMm) - ANTIALIAS_MARGIN_PX);
    right = Math.max(right, Math.ceil(bounds.right * pxPerMm) + ANTIALIAS_MARGIN_PX);
    bottom = Math.max(bottom, Math.ceil(bounds.bottom * pxPerMm) + ANTIALIAS_MARGIN_PX);
  }
  [left, top] = [Math.max(0, left), Math.max(0, top)];
  [right, bottom] = [Math.min(size.width, right), Math.min(size.height, bottom)];
  if (!(right > left && bottom > top)) return null;
  const window = {
    xMm: left / pxPerMm,
    yMm: top / pxPerMm,
    widthMm: (right - left) / pxPerMm,
    heightMm: (bottom - top) / pxPerMm,
    widthPx: right - left,
    heightPx: bottom - top,
  };
  return { window, leftPx: left, topPx: top };
}

async function render(
  layers: readonly Layer[],
  area: PrintArea,
  images: ReadonlyMap<string, PrintImage>,
): Promise<Buffer> {
  const size = printPixelSize(area);
  const sharp = await loadSharp();
  const ink = printInkWindow(layers, area);
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  let canvas: Sharp;
  if (ink) {
    const { window, leftPx, topPx } = ink;
    const hrefs = await embeddedImages(layers, images);
    const svg = renderDesignSvg(
      layers,
      area,
      { separateGlyphs: true, imageHref: (id) => hrefs.get(id) ?? '' },
      window,
    );
    // Only the ink's box is drawn and copied into JavaScript; libvips places
    // it on the transparent page line by line as the PNG is written (decision 065).
    const { image } = await rasterise(svg, { mode: 'original' }, fontFilesOf(layers));
    canvas = image.extend({
      left: leftPx,
      top: topPx,
      right: size.width - leftPx - window.widthPx,
      bottom: size.height - topPx - window.heightPx,
      background: transparent,
    });
  } else {
    canvas = sharp({
      create: { width: size.width, height: size.height, channels: 4, background: transparent },
    });
  }
  // Zlib's fastest level, no filter search: the file is ~25% larger and made
  // several times faster (decision 059); a print shop's RIP reads either alike.
  return canvas
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .withMetadata({ density: DESIGN_LIMITS.printDpi })
    .toBuffer();
}

/**
 * An SVG of the one renderer as pixels (fitted as `fitTo` says), drawn by resvg with the
 * bundled fonts only (off the event loop), handed to sharp to encode.
 */
async function rasterise(svg: string, fitTo: ResvgFit, fontFiles: string[]) {
  const [{ renderAsync }, sharp] = await Promise.all([loadResvg(), loadSharp()]);
  const rendered = await renderAsync(svg, {
    font: {
      fontFiles,
      loadSystemFonts: false,
      defaultFontFamily: DESIGN_FONTS[0].family,
    },
    fitTo,
    logLevel: 'off',
  });
  // resvg's pixels are premultiplied RGBA; sharp turns them back before encoding.
  const { width: renderedWidth, height } = rendered;
  const image = sharp(rendered.pixels, {
    raw: { width: renderedWidth, height, channels: 4, premultiplied: true },
  });
  return { image, width: renderedWidth, height };
}

/**
 * One printed side on its garment, in the garment's colour, as a small PNG
 * (the thumbnail's crop, `widthPx` wide): what the
 * emails show of a customised line (issue 28). The same SVG as the web's
 * thumbnails; images are embedded as for the print file, in the same queue.
 */
export function renderGarmentPicture(
  layers: readonly Layer[],
  side: DesignSide,
  area: PrintArea,
  garmentHex: string,
  images: ReadonlyMap<string, PrintImage>,
  widthPx: number,
): Promise<Buffer> {
  const next = queue.then(async () => {
    const hrefs = await embeddedImages(layers, images);
    const svg = renderGarmentSvg(layers, side, area, {
      separateGlyphs: true,
      imageHref: (id) => hrefs.get(id) ?? '',
      garmentHex,
      crop: 'thumbnail',
    });
    const { image } = await rasterise(svg, { mode: 'width', value: widthPx }, fontFilesOf(layers));
    return image.png({ compressionLevel: 9 }).toBuffer();
  });
  queue = next.catch(() => undefined);
  return next;
}
