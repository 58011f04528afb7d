import { fileURLToPath } from 'node:url';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import {
  DESIGN_FONT_FILES,
  DESIGN_FONTS,
  DESIGN_LIMITS,
  type DesignSide,
  designFontFace,
  type GarmentKind,
  type ImageLayer,
  type Layer,
  layerBounds,
  type PrintArea,
  printPixelSize,
} from '#contract';
import { renderDesignSvg, renderGarmentSvg, type SvgWindow } from '#contract/design-render';
import { onFirstUse } from '#server/lib/on-first-use.ts';
import { createPngStream } from './png-stream.ts';

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
 * An image with at most this many times the pixels its print needs is
 * embedded as stored (decision 067): resvg's bicubic filter scales it down by
 * at most √2 a side, and the stored file is smaller to parse and decode (once
 * per band it crosses) than the resized one, which took longer to make than
 * the band's drawing.
 */
const EMBED_AS_STORED_MAX_RATIO = 2;

/**
 * Each image's pixels as the print embeds them: no more than its largest
 * layer covers at 300 DPI (a 36-megapixel photo printed 150 mm wide needs
 * 1772 px), or as stored when that is close (EMBED_AS_STORED_MAX_RATIO),
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
    const print = { width: Math.min(width, size.width), height: Math.min(height, size.height) };
    const nearPrintSize = width * height <= EMBED_AS_STORED_MAX_RATIO * print.width * print.height;
    sizes.set(id, { native: { width, height }, print: nearPrintSize ? { width, height } : print });
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
 * (decision 031), rasterised by resvg with the bundled fonts only (never
 * the machine's), on a transparent background, in bands of `bandRows` rows
 * deflated into the PNG as they are drawn (decision 067). The rasterising
 * and the deflating run off the event loop (resvg's and zlib's threads);
 * the file records its 300 DPI.
 */
export function renderPrintFile(
  layers: readonly Layer[],
  area: PrintArea,
  images: ReadonlyMap<string, PrintImage>,
  bandRows = PRINT_BAND_ROWS,
): Promise<Buffer> {
  const next = queue.then(() => render(layers, area, images, bandRows));
  queue = next.catch(() => undefined);
  return next;
}

/**
 * Pixels of antialiasing drawn around a layer's bounds: resvg's coverage
 * reaches at most one pixel past the outline; two keep rounding safe.
 */
const ANTIALIAS_MARGIN_PX = 2;

/** A box of whole pixels of a print file: left and top inclusive, right and bottom exclusive. */
interface PixelBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The pixels a layer's ink can touch: its bounds (the guard rail's, which
 * hold every glyph resvg draws), grown by the antialiasing margin and
 * snapped outwards to the file's pixel grid (not yet kept within the file).
 */
function inkPixels(layer: Layer, pxPerMm: number): PixelBox {
  const bounds = layerBounds(layer);
  return {
    left: Math.floor(bounds.left * pxPerMm) - ANTIALIAS_MARGIN_PX,
    top: Math.floor(bounds.top * pxPerMm) - ANTIALIAS_MARGIN_PX,
    right: Math.ceil(bounds.right * pxPerMm) + ANTIALIAS_MARGIN_PX,
    bottom: Math.ceil(bounds.bottom * pxPerMm) + ANTIALIAS_MARGIN_PX,
  };
}

/** One scale for both axes, as resvg fits the whole area to the file's width. */
function pixelsPerMm(area: Pick<PrintArea, 'widthMm' | 'heightMm'>): number {
  return printPixelSize(area).width / area.widthMm;
}

/**
 * The part of a print file its layers' ink can touch (decision 065): the
 * union of the layers' ink pixels, kept within the file; null when nothing
 * is drawn. The rest of the file is transparent and never drawn.
 */
export function printInkWindow(
  layers: readonly Layer[],
  area: Pick<PrintArea, 'widthMm' | 'heightMm'>,
): { window: SvgWindow; leftPx: number; topPx: number } | null {
  const size = printPixelSize(area);
  const pxPerMm = pixelsPerMm(area);
  let [left, top, right, bottom] = [size.width, size.height, 0, 0];
  for (const layer of layers) {
    const ink = inkPixels(layer, pxPerMm);
    [left, top] = [Math.min(left, ink.left), Math.min(top, ink.top)];
    [right, bottom] = [Math.max(right, ink.right), Math.max(bottom, ink.bottom)];
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

/**
 * Rows of pixels resvg draws at a time (decision 067): a 300 mm wide band of
 * 512 rows is 7 MB of pixels; the whole window of a covered side, 67 MB.
 * Each band parses the SVG of the layers it crosses again, so a band much
 * shorter costs time: an image is decoded once per band it crosses.
 */
export const PRINT_BAND_ROWS = 512;

async function render(
  layers: readonly Layer[],
  area: PrintArea,
  images: ReadonlyMap<string, PrintImage>,
  bandRows: number,
): Promise<Buffer> {
  const size = printPixelSize(area);
  const png = createPngStream(size.width, size.height, DESIGN_LIMITS.printDpi);
  const ink = printInkWindow(layers, area);
  if (!ink) {
    await png.writeTransparent(size.height);
    return png.end();
  }
  const { window, leftPx, topPx } = ink;
  const pxPerMm = pixelsPerMm(area);
  const layerInk = layers.map((layer) => ({ layer, ink: inkPixels(layer, pxPerMm) }));
  const hrefs = await embeddedImages(layers, images);
  await png.writeTransparent(topPx);
  // The window in bands from the top; each band is drawn with only the layers
  // whose ink reaches it (the others would draw nothing there).
  const bands: { top: number; rows: number }[] = [];
  for (let top = topPx; top < topPx + window.heightPx; top += bandRows) {
    bands.push({ top, rows: Math.min(bandRows, topPx + window.heightPx - top) });
  }
  const draw = ({ top, rows }: { top: number; rows: number }) => {
    const crossing = layerInk
      .filter(({ ink }) => ink.top < top + rows && ink.bottom > top)
      .map(({ layer }) => layer);
    const drawn = drawBand(crossing, area, hrefs, {
      ...window,
      yMm: top / pxPerMm,
      heightMm: rows / pxPerMm,
      heightPx: rows,
    });
    // Awaited in its turn; until then a failure must not count as unhandled.
    drawn.catch(() => undefined);
    return drawn;
  };
  let drawing = bands[0] ? draw(bands[0]) : Promise.resolve(null);
  for (const [index, { rows }] of bands.entries()) {
    const pixels = await drawing;
    // resvg draws the next band while this one is unpremultiplied and deflated.
    const next = bands[index + 1];
    if (next) drawing = draw(next);
    await (pixels
      ? png.writeBand(pixels, window.widthPx, rows, leftPx)
      : png.writeTransparent(rows));
  }
  await png.writeTransparent(size.height - topPx - window.heightPx);
  return png.end();
}

/** One band of the print file as resvg's premultiplied RGBA pixels; null when no layer reaches it. */
async function drawBand(
  layers: readonly Layer[],
  area: PrintArea,
  hrefs: ReadonlyMap<string, string>,
  band: SvgWindow,
): Promise<Buffer | null> {
  if (layers.length === 0) return null;
  const svg = renderDesignSvg(
    layers,
    area,
    { separateGlyphs: true, imageHref: (id) => hrefs.get(id) ?? '' },
    band,
  );
  const { renderAsync } = await loadResvg();
  const rendered = await renderAsync(svg, resvgOptions({ mode: 'original' }, fontFilesOf(layers)));
  if (rendered.width !== band.widthPx || rendered.height !== band.heightPx) {
    throw new Error(
      `resvg drew ${rendered.width} × ${rendered.height} px for a band of ${band.widthPx} × ${band.heightPx}`,
    );
  }
  return rendered.pixels;
}

/** resvg's options: the bundled fonts only (never the machine's), fitted as `fitTo` says. */
function resvgOptions(fitTo: ResvgFit, fontFiles: string[]): ResvgRenderOptions {
  return {
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: DESIGN_FONTS[0].family },
    fitTo,
    logLevel: 'off',
  };
}

/**
 * An SVG of the one renderer as pixels (fitted as `fitTo` says), drawn by resvg with the
 * bundled fonts only (off the event loop), handed to sharp to encode.
 */
async function rasterise(svg: string, fitTo: ResvgFit, fontFiles: string[]) {
  const [{ renderAsync }, sharp] = await Promise.all([loadResvg(), loadSharp()]);
  const rendered = await renderAsync(svg, resvgOptions(fitTo, fontFiles));
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
  garment: GarmentKind,
  garmentHex: string,
  images: ReadonlyMap<string, PrintImage>,
  widthPx: number,
): Promise<Buffer> {
  const next = queue.then(async () => {
    const hrefs = await embeddedImages(layers, images);
    const svg = renderGarmentSvg(layers, side, area, {
      separateGlyphs: true,
      imageHref: (id) => hrefs.get(id) ?? '',
      garment,
      garmentHex,
      crop: 'thumbnail',
    });
    const { image } = await rasterise(svg, { mode: 'width', value: widthPx }, fontFilesOf(layers));
    return image.png({ compressionLevel: 9 }).toBuffer();
  });
  queue = next.catch(() => undefined);
  return next;
}
