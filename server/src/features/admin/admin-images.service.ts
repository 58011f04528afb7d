import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE,
  IMAGE_MIN_SIDE,
  IMAGE_TYPES,
  type UploadedImage,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import { type MediaService, mediaUrl } from '#server/features/media/media.service.ts';
import { AppError, badRequest } from '#server/lib/app-error.ts';
import { looksLikeSvg, readImageInfo } from './image-info.ts';

export const NO_IMAGE = 'Send the image file itself as the request body';
export const IMAGE_TOO_LARGE = 'Images must be at most 5 MB';
export const NOT_AN_IMAGE = 'The file is not a PNG, JPEG or WebP image';
export const SVG_REFUSED =
  'SVG images are not accepted, as they can carry scripts: upload a PNG, JPEG or WebP image';
export const wrongContentType = (type: string | undefined) =>
  `${type ? `Content-Type ${type} is not accepted` : 'The Content-Type is missing'}: send the image's bytes with Content-Type ${IMAGE_TYPES.join(', ')}`;
export const imageTooSmall = (width: number, height: number) =>
  `Images must be at least ${IMAGE_MIN_SIDE}×${IMAGE_MIN_SIDE} pixels; this one is ${width}×${height}`;
export const imageTooBig = (width: number, height: number) =>
  `Images must be at most ${IMAGE_MAX_SIDE}×${IMAGE_MAX_SIDE} pixels; this one is ${width}×${height}`;

export const imageTooLargeError = () => new AppError('payload_too_large', IMAGE_TOO_LARGE);

/**
 * Product images the owner uploads: checked by their bytes (type, size in
 * pixels), never by name or declared type, and stored in the database so
 * every server process serves them (D30).
 */
export function createAdminImagesService(
  db: Database,
  { media }: { media: Pick<MediaService, 'storeImage'> },
) {
  return {
    async uploadImage(bytes: Buffer | undefined): Promise<UploadedImage> {
      if (!bytes || bytes.length === 0) throw badRequest(NO_IMAGE);
      if (bytes.length > IMAGE_MAX_BYTES) throw imageTooLargeError();
      const info = readImageInfo(bytes);
      if (!info) {
        throw new AppError(
          'unsupported_media_type',
          looksLikeSvg(bytes) ? SVG_REFUSED : NOT_AN_IMAGE,
        );
      }
      const { type, width, height } = info;
      if (width < IMAGE_MIN_SIDE || height < IMAGE_MIN_SIDE) {
        throw badRequest(imageTooSmall(width, height));
      }
      if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) {
        throw badRequest(imageTooBig(width, height));
      }
      const id = await media.storeImage(db, { bytes, contentType: type, width, height });
      return { _id: id, url: mediaUrl(id), contentType: type, width, height };
    },
  };
}

export type AdminImagesService = ReturnType<typeof createAdminImagesService>;
