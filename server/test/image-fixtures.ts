import sharp from 'sharp';

/** Images made by a real encoder inside the tests: no binary fixtures in the repository. */

export type ImageFormat = 'png' | 'jpeg' | 'webp';

export interface ImageOptions {
  rgb?: [number, number, number];
  /** EXIF metadata to write into the file, as a camera would (sharp's IFD0, IFD3 = GPS). */
  exif?: Record<string, Record<string, string>>;
  /** The EXIF orientation tag: 6 means "turn a quarter right to view". */
  orientation?: number;
}

/** A complete image of one colour, which every viewer opens. */
export function imageBytes(
  format: ImageFormat,
  width: number,
  height: number,
  { rgb = [200, 60, 40], exif, orientation }: ImageOptions = {},
): Promise<Buffer> {
  const [r, g, b] = rgb;
  let image = sharp({ create: { width, height, channels: 3, background: { r, g, b } } });
  if (orientation) image = image.withMetadata({ orientation });
  if (exif) image = image.withExif(exif);
  return image.toFormat(format).toBuffer();
}
