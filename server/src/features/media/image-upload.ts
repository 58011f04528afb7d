import type { ImageType } from '#contract';
import { AppError, badRequest } from '#server/lib/app-error.ts';
import { onFirstUse } from '#server/lib/on-first-use.ts';
import type { NewImage } from './media.repository.ts';

const loadSharp = onFirstUse(async () => (await import('sharp')).default);

/** What one kind of upload may be: its file size and its size in pixels. */
export interface ImageLimits {
  maxBytes: number;
  minSide: number;
  maxSide: number;
  /** Width × height: what decoding costs in memory (4 bytes a pixel), whatever the file's size. */
  maxPixels: number;
  /** A larger image is stored downscaled to this many pixels on its longer side. */
  maxStoredSide?: number;
}

export const NO_IMAGE = 'Send the image file itself as the request body';
export const NOT_AN_IMAGE = 'The file is not a PNG, JPEG or WebP image';
export const SVG_REFUSED =
  'SVG images are not accepted, as they can carry scripts: upload a PNG, JPEG or WebP image';
export const NOT_DECODABLE = 'The image could not be read: the file is damaged or incomplete';
export const imageTooLarge = (limits: ImageLimits) =>
  `Images must be at most ${limits.maxBytes / 1024 / 1024} MB`;
export const imageTooSmall = (limits: ImageLimits, width: number, height: number) =>
  `Images must be at least ${limits.minSide}×${limits.minSide} pixels; this one is ${width}×${height}`;
export const imageTooBig = (limits: ImageLimits, width: number, height: number) =>
  `Images must be at most ${limits.maxSide}×${limits.maxSide} pixels; this one is ${width}×${height}`;
export const tooManyPixels = (limits: ImageLimits, width: number, height: number) =>
  `Images must be at most ${limits.maxPixels / 1_000_000} megapixels; this one is ${width}×${height}`;

type Format = 'png' | 'jpeg' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The formats the shop takes, by their magic numbers. Only these reach the
 * decoder, which would otherwise also open SVG, GIF, TIFF and more.
 */
function formatOf(bytes: Buffer): Format | undefined {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const riff = bytes.toString('latin1', 0, 4) === 'RIFF';
  if (riff && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** An SVG or other XML, which may carry script: worth its own refusal message. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<') && (head.includes('<svg') || head.startsWith('<?xml'));
}

const ENCODE_OPTIONS = {
  png: {},
  jpeg: { quality: 90 },
  webp: { quality: 90 },
} as const;

/**
 * Turns an uploaded file into an image the shop can store and serve, for
 * every kind of upload (product images, shoppers' designs): its header's
 * size is checked before a pixel is decoded, then it is decoded whole under
 * the pixel limit (what does not decode is refused) and encoded afresh in its
 * own format, upright, without its metadata (EXIF, GPS position, comments),
 * downscaled when its limits store fewer pixels than it has.
 */
export async function decodeUploadedImage(
  bytes: Buffer | undefined,
  limits: ImageLimits,
): Promise<NewImage & { contentType: ImageType }> {
  if (!bytes || bytes.length === 0) throw badRequest(NO_IMAGE);
  if (bytes.length > limits.maxBytes) {
    throw new AppError('payload_too_large', imageTooLarge(limits));
  }
  const format = formatOf(bytes);
  if (!format) {
    throw new AppError('unsupported_media_type', looksLikeSvg(bytes) ? SVG_REFUSED : NOT_AN_IMAGE);
  }
  const sharp = await loadSharp();
  // Reading the header decodes nothing, so it needs no pixel limit of its own.
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (header?.format !== format) throw badRequest(NOT_DECODABLE);
  const { width, height } = header;
  if (width < limits.minSide || height < limits.minSide) {
    throw badRequest(imageTooSmall(limits, width, height));
  }
  if (width > limits.maxSide || height > limits.maxSide) {
    throw badRequest(imageTooBig(limits, width, height));
  }
  if (width * height > limits.maxPixels) {
    throw new AppError('payload_too_large', tooManyPixels(limits, width, height));
  }
  // sharp's default failOn ('warning', its strictest) refuses damaged or truncated pixel data.
  let pipeline = sharp(bytes, { limitInputPixels: limits.maxPixels, autoOrient: true });
  if (limits.maxStoredSide !== undefined) {
    const side = limits.maxStoredSide;
    pipeline = pipeline.resize(side, side, { fit: 'inside', withoutEnlargement: true });
  }
  const decoded = await pipeline
    .toFormat(format, ENCODE_OPTIONS[format])
    .toBuffer({ resolveWithObject: true })
    .catch(() => undefined);
  if (!decoded) throw badRequest(NOT_DECODABLE);
  return {
    bytes: decoded.data,
    contentType: `image/${format}` as const,
    width: decoded.info.width,
    height: decoded.info.height,
  };
}
