import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  IMAGE_MIN_SIDE,
  type UploadedImage,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import { decodeUploadedImage, type ImageLimits } from './image-upload.ts';
import { type MediaService, mediaUrl } from './media.service.ts';

export const PRODUCT_IMAGE_LIMITS: ImageLimits = {
  maxBytes: IMAGE_MAX_BYTES,
  minSide: IMAGE_MIN_SIDE,
  maxSide: IMAGE_MAX_SIDE,
  maxPixels: IMAGE_MAX_PIXELS,
};

/**
 * Product images the owner uploads: decoded and encoded afresh (never stored
 * as sent), and stored in the database so every server process serves them
 * (D30).
 */
export function createAdminImagesService(
  db: Database,
  { media }: { media: Pick<MediaService, 'storeImage'> },
) {
  return {
    async uploadImage(bytes: Buffer | undefined): Promise<UploadedImage> {
      const image = await decodeUploadedImage(bytes, PRODUCT_IMAGE_LIMITS);
      const id = await media.storeImage(db, image);
      const { contentType, width, height } = image;
      return { _id: id, url: mediaUrl(id), contentType, width, height };
    },
  };
}

export type AdminImagesService = ReturnType<typeof createAdminImagesService>;
