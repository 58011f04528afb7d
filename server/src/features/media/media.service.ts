import type { Database } from '#server/db/client.ts';
import { notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import {
  deleteImagesNotOnProducts,
  findImage,
  findStoredImageIds,
  storeImage,
} from './media.repository.ts';

export function createMediaService(db: Database) {
  return {
    async getImage(id: string) {
      const image = isUuid(id) ? await findImage(db, id) : undefined;
      if (!image) throw notFound('Image not found');
      return image;
    },

    // For other features, inside their transactions: the owner's uploads,
    // product pictures (which must name stored images), the seed.
    storeImage,
    findStoredImageIds,
    deleteImagesNotOnProducts,
  };
}

export type MediaService = ReturnType<typeof createMediaService>;

export const mediaUrl = (imageId: string) => `/media/${imageId}`;
