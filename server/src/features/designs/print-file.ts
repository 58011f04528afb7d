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
import {
  imageLayerMatrix,
  renderDesignSvg,
  renderGarmentSvg,
  type SvgWindow,
} from '#contract/design-render';
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
 * A print file decodes each image whole (4 bytes a pixel) and holds it while
 * its bands are drawn (decision 077), so this bounds the images' share of a
 * print's memory at 144 MB, however many layers.
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
 * embedded as stored (decision 067): the filter that draws it (libvips's for a
 * print file, decision 077; resvg's for a garment picture) scales it down by
 * at most √2 a side, and resizing it costs more than it saves.
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
 * contract's SVG of its text layers rasterised by resvg with the bundled
 * fonts only (never the machine's), its images decoded once at the pixels
 * their layers print (decision 031) and drawn by libvips where the contract
 * places them (decision 077), on a transparent background, in bands of
 * `bandRows` rows deflated into the PNG as they are drawn (decision 067). The
 * drawing and the deflating run off the event loop (resvg's, libvips's and
 * zlib's threads); the file records its 300 DPI.
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
 * Rows of pixels drawn at a time (decision 067): a 300 mm wide band of 512
 * rows is 7 MB of pixels; the whole window of a covered side, 67 MB. Each
 * band parses the SVG of the text layers it crosses again, so a band much
 * shorter costs time.
 */
export const PRINT_BAND_ROWS = 512;

/**
 * Transparent pixels around a decoded image (decision 077): what the
 * filter blends its edge with, and room for that soft edge (a source pixel,
 * at most two print pixels at the largest scale) inside the area libvips
 * draws.
 */
const IMAGE_BORDER_PX = 6;
/** Source pixels past a tile's reach its box takes, so the box's cut edges never reach the tile. */
const TILE_MARGIN_PX = 3;

/** An image decoded once for a print: premultiplied RGBA inside a transparent border of IMAGE_BORDER_PX. */
interface DecodedImage {
  pixels: Buffer;
  width: number;
  height: number;
}

/**
 * An image's pixels at its print size (printSizes), decoded once for the whole
 * file (sharp, off the event loop) and premultiplied, as the bands composite them.
 */
async function decodeImage(image: PrintImage, size: PixelSize): Promise<DecodedImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image.bytes)
    .resize(size.width, size.height, { fit: 'fill' })
    .toColourspace('srgb')
    .ensureAlpha()
    .extend({
      top: IMAGE_BORDER_PX,
      bottom: IMAGE_BORDER_PX,
      left: IMAGE_BORDER_PX,
      right: IMAGE_BORDER_PX,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`an image decoded to ${info.channels} channels`);
  for (let at = 3; at < data.length; at += 4) {
    const alpha = data[at] ?? 0;
    if (alpha === 255) continue;
    data[at - 3] = Math.round(((data[at - 3] ?? 0) * alpha) / 255);
    data[at - 2] = Math.round(((data[at - 2] ?? 0) * alpha) / 255);
    data[at - 1] = Math.round(((data[at - 1] ?? 0) * alpha) / 255);
  }
  return {
    pixels: data,
    width: info.width - 2 * IMAGE_BORDER_PX,
    height: info.height - 2 * IMAGE_BORDER_PX,
  };
}

/**
 * Premultiplied RGBA pixels placed in a band: `left`, `top` from the band's
 * top left pixel; only the columns of `clip` are painted when it is given.
 */
interface BandPiece {
  pixels: Buffer | Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
  clip?: { left: number; right: number };
}

/** A band of the ink window: its first row in the file, its rows, its width and left edge in pixels. */
interface Band {
  top: number;
  rows: number;
  leftPx: number;
  widthPx: number;
}

/** Columns of a band one libvips call draws of an image: a turned tile's box holds few pixels it does not need. */
const IMAGE_TILE_COLUMNS = 512;

/**
 * The part of an image layer one band shows, drawn by libvips (decision 077)
 * in tiles of IMAGE_TILE_COLUMNS of the band's columns: for each, the box of
 * the decoded image's pixels the tile reaches, turned and scaled onto the
 * file's pixel grid through the contract's matrix (imageLayerMatrix) with a
 * bilinear filter. Pixel indices are pixel centres (libvips): an image
 * pixel's centre (u + ½, v + ½) lands at the band's pixel centre the matrix
 * gives. Each piece is clipped to its tile, so the pieces do not overlap.
 */
async function drawImagePieces(
  layer: ImageLayer,
  ink: PixelBox,
  image: DecodedImage,
  band: Band,
  pxPerMm: number,
): Promise<BandPiece[]> {
  const [a, b, c, d, e, f] = imageLayerMatrix(layer);
  // Image pixel (u, v) → band pixel (x, y): x = m0·u + m1·v + tx, y = m2·u + m3·v + ty.
  const [m0, m1, m2, m3] = [
    (pxPerMm * a) / image.width,
    (pxPerMm * c) / image.height,
    (pxPerMm * b) / image.width,
    (pxPerMm * d) / image.height,
  ];
  const [tx, ty] = [pxPerMm * e - band.leftPx, pxPerMm * f - band.top];
  const det = m0 * m3 - m1 * m2;
  const border = IMAGE_BORDER_PX;
  const padded = { width: image.width + 2 * border, height: image.height + 2 * border };
  const sharp = await loadSharp();
  const pieces: BandPiece[] = [];
  const [inkLeft, inkRight] = [
    Math.max(0, ink.left - band.leftPx),
    Math.min(band.widthPx, ink.right - band.leftPx),
  ];
  for (let tileLeft = inkLeft; tileLeft < inkRight; tileLeft += IMAGE_TILE_COLUMNS) {
    const tileRight = Math.min(inkRight, tileLeft + IMAGE_TILE_COLUMNS);
    // The image pixels under the tile's corners, and those the filter reads past them.
    const corners = [tileLeft, tileRight].flatMap((x) => [0, band.rows].map((y) => [x, y]));
    const under = corners.map(([x = 0, y = 0]) => [
      (m3 * (x - tx) - m1 * (y - ty)) / det,
      (m0 * (y - ty) - m2 * (x - tx)) / det,
    ]);
    const reach = (axis: 0 | 1, size: number) => {
      const values = under.map((point) => point[axis] ?? 0);
      return [
        Math.max(0, Math.floor(Math.min(...values)) + border - TILE_MARGIN_PX),
        Math.min(size, Math.ceil(Math.max(...values)) + border + TILE_MARGIN_PX),
      ] as const;
    };
    const [left, right] = reach(0, padded.width);
    const [top, bottom] = reach(1, padded.height);
    if (right <= left || bottom <= top) continue;
    const [width, height] = [right - left, bottom - top];
    // Box pixel (i, j) is image pixel (i + left - border, j + top - border): its centre lands
    // at M·(i, j) + offset; the offset's whole pixels place the piece, its fraction goes to libvips.
    const offset = [
      m0 * (left - border + 0.5) + m1 * (top - border + 0.5) + tx - 0.5,
      m2 * (left - border + 0.5) + m3 * (top - border + 0.5) + ty - 0.5,
    ] as const;
    const whole = [Math.floor(offset[0]), Math.floor(offset[1])] as const;
    // libvips draws the box the extract's corners reach through the matrix alone, rounded.
    const cornersX = [0, m0 * width, m1 * height, m0 * width + m1 * height];
    const cornersY = [0, m2 * width, m3 * height, m2 * width + m3 * height];
    const { data, info } = await sharp(image.pixels, {
      raw: { width: padded.width, height: padded.height, channels: 4 },
    })
      .extract({ left, top, width, height })
      .affine([m0, m1, m2, m3], {
        odx: offset[0] - whole[0],
        ody: offset[1] - whole[1],
        background: { r: 0, g: 0, b: 0, alpha: 0 },
        interpolator: sharp.interpolators.bilinear,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const expected = [
      Math.round(Math.max(...cornersX) - Math.min(...cornersX)),
      Math.round(Math.max(...cornersY) - Math.min(...cornersY)),
    ];
    if (info.width !== expected[0] || info.height !== expected[1] || info.channels !== 4) {
      throw new Error(
        `libvips drew ${info.width} × ${info.height} px for an image piece of ${expected.join(' × ')}`,
      );
    }
    pieces.push({
      pixels: data,
      width: info.width,
      height: info.height,
      left: Math.round(Math.min(...cornersX)) + whole[0],
      top: Math.round(Math.min(...cornersY)) + whole[1],
      clip: { left: tileLeft, right: tileRight },
    });
  }
  return pieces;
}

/**
 * Draws `piece` over the band's pixels (premultiplied source-over, as resvg
 * paints one layer over another); onto a band nothing was drawn on yet it
 * only copies.
 */
function paintOver(
  band: Buffer,
  bandWidth: number,
  bandRows: number,
  piece: BandPiece,
  onEmpty: boolean,
) {
  const left = Math.max(0, piece.left, piece.clip?.left ?? 0);
  const right = Math.min(bandWidth, piece.left + piece.width, piece.clip?.right ?? bandWidth);
  const top = Math.max(0, piece.top);
  const bottom = Math.min(bandRows, piece.top + piece.height);
  if (right <= left || bottom <= top) return;
  for (let row = top; row < bottom; row++) {
    const from = ((row - piece.top) * piece.width + (left - piece.left)) * 4;
    const to = (row * bandWidth + left) * 4;
    const source = piece.pixels.subarray(from, from + (right - left) * 4);
    if (onEmpty) {
      band.set(source, to);
      continue;
    }
    for (let at = 0; at < source.length; at += 4) {
      const alpha = source[at + 3] ?? 0;
      if (alpha === 0) continue;
      const keep = 255 - alpha;
      for (let channel = 0; channel < 4; channel++) {
        const under = band[to + at + channel] ?? 0;
        band[to + at + channel] = (source[at + channel] ?? 0) + Math.round((under * keep) / 255);
      }
    }
  }
}

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
  const imageLayers = layers.filter((layer): layer is ImageLayer => layer.type === 'image');
  const sizes = await printSizes(imageLayers, images);
  await png.writeTransparent(topPx);
  // The window in bands from the top; each band is drawn with only the layers
  // whose ink reaches it (the others would draw nothing there).
  const bands: Band[] = [];
  for (let top = topPx; top < topPx + window.heightPx; top += bandRows) {
    const rows = Math.min(bandRows, topPx + window.heightPx - top);
    bands.push({ top, rows, leftPx, widthPx: window.widthPx });
  }
  const crossingOf = ({ top, rows }: Band) =>
    layerInk.filter(({ ink }) => ink.top < top + rows && ink.bottom > top);
  // Each image is decoded when the first band reaches it and let go after the last.
  const lastBand = new Map<string, number>();
  for (const [index, band] of bands.entries()) {
    for (const { layer } of crossingOf(band)) {
      if (layer.type === 'image') lastBand.set(layer.imageId, index);
    }
  }
  const decoded = new Map<string, Promise<DecodedImage>>();
  const decodedImage = (imageId: string) => {
    const image = images.get(imageId);
    const size = sizes.get(imageId);
    if (!image || !size) return null;
    let pixels = decoded.get(imageId);
    if (!pixels) {
      pixels = decodeImage(image, size.print);
      decoded.set(imageId, pixels);
    }
    return pixels;
  };
  // One canvas for the bands painted from several pieces: a band is painted once all its
  // pieces are drawn, after the synchronous copy with which png.writeBand took the one before.
  let canvas: Buffer | undefined;
  const blankCanvas = (bytes: number) => {
    if (!canvas || canvas.length < bytes) canvas = Buffer.alloc(bytes);
    else canvas.fill(0, 0, bytes);
    return canvas.subarray(0, bytes);
  };
  const draw = (band: Band, index: number) => {
    const drawn = drawBand(crossingOf(band), area, band, pxPerMm, decodedImage, blankCanvas);
    drawn
      .finally(() => {
        for (const [imageId, last] of lastBand) if (last === index) decoded.delete(imageId);
      })
      // Awaited in its turn; until then a failure must not count as unhandled.
      .catch(() => undefined);
    return drawn;
  };
  let drawing = bands[0] ? draw(bands[0], 0) : Promise.resolve(null);
  for (const [index, band] of bands.entries()) {
    const piece = await drawing;
    // The next band is drawn while this one is unpremultiplied and deflated.
    const next = bands[index + 1];
    if (next) drawing = draw(next, index + 1);
    await (piece
      ? png.writeBand(piece.pixels, piece.width, band.rows, leftPx + piece.left)
      : png.writeTransparent(band.rows));
  }
  await png.writeTransparent(size.height - topPx - window.heightPx);
  return png.end();
}

/**
 * One band of the print file as premultiplied RGBA pixels, all its rows and
 * the columns its layers' ink reaches (`left` from the window's); null when
 * no layer reaches it. Layers are drawn in their order (decision 077): each
 * run of text layers by resvg in one go, over just its own ink columns, each
 * image layer by libvips from its decoded pixels; the runs and images are
 * painted one over the other, or, alone, handed on as drawn.
 */
async function drawBand(
  crossing: readonly { layer: Layer; ink: PixelBox }[],
  area: PrintArea,
  band: Band,
  pxPerMm: number,
  decodedImage: (imageId: string) => Promise<DecodedImage> | null,
  blankCanvas: (bytes: number) => Buffer,
): Promise<BandPiece | null> {
  const runs: { layer: Layer; ink: PixelBox }[][] = [];
  for (const entry of crossing) {
    const run = runs.at(-1);
    if (entry.layer.type === 'text' && run?.[0]?.layer.type === 'text') run.push(entry);
    else runs.push([entry]);
  }
  // Each run's pieces, in order; the pieces of one run do not overlap.
  const layered: BandPiece[][] = [];
  for (const run of runs) {
    const [head] = run;
    if (head?.layer.type === 'image') {
      const image = decodedImage(head.layer.imageId);
      if (image)
        layered.push(await drawImagePieces(head.layer, head.ink, await image, band, pxPerMm));
    } else {
      layered.push([await drawText(run, area, band, pxPerMm)]);
    }
  }
  const drawn = layered.filter((pieces) => pieces.length > 0);
  const [only, ...others] = drawn.flat();
  if (!only) return null;
  const fitsWindow =
    only.top === 0 &&
    only.height === band.rows &&
    only.left >= 0 &&
    only.left + only.width <= band.widthPx &&
    !only.clip;
  if (others.length === 0 && fitsWindow) return only;
  const pixels = blankCanvas(band.widthPx * band.rows * 4);
  for (const [index, pieces] of drawn.entries()) {
    for (const piece of pieces) paintOver(pixels, band.widthPx, band.rows, piece, index === 0);
  }
  return { pixels, width: band.widthPx, height: band.rows, left: 0, top: 0 };
}

/** A run of text layers over one band, drawn by resvg across the columns their ink reaches. */
async function drawText(
  run: readonly { layer: Layer; ink: PixelBox }[],
  area: PrintArea,
  band: Band,
  pxPerMm: number,
): Promise<BandPiece> {
  const left = Math.max(band.leftPx, Math.min(...run.map(({ ink }) => ink.left)));
  const right = Math.min(band.leftPx + band.widthPx, Math.max(...run.map(({ ink }) => ink.right)));
  const layers = run.map(({ layer }) => layer);
  const window: SvgWindow = {
    xMm: left / pxPerMm,
    yMm: band.top / pxPerMm,
    widthMm: (right - left) / pxPerMm,
    heightMm: band.rows / pxPerMm,
    widthPx: right - left,
    heightPx: band.rows,
  };
  const svg = renderDesignSvg(layers, area, { separateGlyphs: true, imageHref: () => '' }, window);
  const { renderAsync } = await loadResvg();
  const rendered = await renderAsync(svg, resvgOptions({ mode: 'original' }, fontFilesOf(layers)));
  if (rendered.width !== window.widthPx || rendered.height !== window.heightPx) {
    throw new Error(
      `resvg drew ${rendered.width} × ${rendered.height} px for a band of ${window.widthPx} × ${window.heightPx}`,
    );
  }
  return {
    pixels: rendered.pixels,
    width: window.widthPx,
    height: band.rows,
    left: left - band.leftPx,
    top: 0,
  };
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
