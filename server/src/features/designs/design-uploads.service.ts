import {
  DESIGN_IMAGE_GUEST_UNUSED_HOURS,
  DESIGN_IMAGE_MAX_BYTES,
  DESIGN_IMAGE_MAX_PIXELS,
  DESIGN_IMAGE_MAX_SIDE,
  DESIGN_IMAGE_MIN_SIDE,
  DESIGN_IMAGE_STORED_MAX_SIDE,
  DESIGN_IMAGE_UNUSED_HOURS,
  type DesignImage,
  GUEST_UPLOADS_FULL_MESSAGE,
  guestUploadBudgetMessage,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import { decodeUploadedImage, type ImageLimits } from '#server/features/media/image-upload.ts';
import { type MediaService, mediaUrl } from '#server/features/media/media.service.ts';
import type { RateLimitsService } from '#server/features/rate-limits/rate-limits.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  deleteUnusedDesignImages,
  lockGuestUploads,
  unclaimedGuestBytes,
  upsertDesignImage,
} from './designs.repository.ts';

export const DESIGN_IMAGE_LIMITS: ImageLimits = {
  maxBytes: DESIGN_IMAGE_MAX_BYTES,
  minSide: DESIGN_IMAGE_MIN_SIDE,
  maxSide: DESIGN_IMAGE_MAX_SIDE,
  maxPixels: DESIGN_IMAGE_MAX_PIXELS,
  maxStoredSide: DESIGN_IMAGE_STORED_MAX_SIDE,
};

/** What guests may upload (config: DESIGN_UPLOAD_GUEST_MB_PER_DAY, DESIGN_UPLOAD_GUEST_UNCLAIMED_MB). */
export interface GuestUploadLimits {
  /** Bytes of files one client address may upload as a guest in a day. */
  bytesPerAddressPerDay: number;
  /** Bytes stored for all guests' uploads no design has claimed yet. */
  unclaimedBytes: number;
}

export interface DesignUploadsDependencies {
  media: Pick<MediaService, 'storeImage' | 'deleteImagesNotOnProducts'>;
  rateLimits: Pick<RateLimitsService, 'take' | 'giveBack'>;
}

/** Who uploads: a signed-in shopper, or a guest known by their address. */
export interface Uploader {
  userId: string | undefined;
  address: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const GUEST_BYTES_LIMIT = 'design-images:guest-bytes';

/**
 * Images for designs, by shoppers and guests (decision 020), and the sweep of
 * those nothing uses. Guests are held to their budgets here, counted in the
 * database so they hold across processes (decision 031).
 */
export function createDesignUploadsService(
  db: Database,
  { media, rateLimits }: DesignUploadsDependencies,
  limits: GuestUploadLimits,
) {
  /** Decodes and stores an upload; a guest's only while their unclaimed room has space. */
  async function store(userId: string | undefined, bytes: Buffer): Promise<DesignImage> {
    const image = await decodeUploadedImage(bytes, DESIGN_IMAGE_LIMITS);
    const id = await db.transaction(async (tx) => {
      if (!userId) {
        await lockGuestUploads(tx);
        if ((await unclaimedGuestBytes(tx)) + image.bytes.length > limits.unclaimedBytes) {
          throw new AppError('unavailable', GUEST_UPLOADS_FULL_MESSAGE);
        }
      }
      const imageId = await media.storeImage(tx, image);
      await upsertDesignImage(tx, { imageId, userId: userId ?? null, bytes: image.bytes.length });
      return imageId;
    });
    const { contentType, width, height } = image;
    return { _id: id, url: mediaUrl(id), contentType, width, height };
  }

  return {
    /**
     * An image for a design: decoded, re-encoded and downscaled like product
     * images. A guest's file takes its bytes from their address's budget for
     * the day (429 past it; given back if the upload fails), and its stored
     * bytes from the room all guests' unclaimed uploads share (503 while full).
     */
    async upload({ userId, address }: Uploader, bytes: Buffer): Promise<DesignImage> {
      if (userId) return store(userId, bytes);
      const budget = { name: GUEST_BYTES_LIMIT, key: address, max: limits.bytesPerAddressPerDay };
      if (!(await rateLimits.take(budget, DAY_MS, bytes.length))) {
        throw new AppError('rate_limited', guestUploadBudgetMessage(limits.bytesPerAddressPerDay));
      }
      try {
        return await store(undefined, bytes);
      } catch (error) {
        await rateLimits.giveBack(budget.name, budget.key, bytes.length);
        throw error;
      }
    },

    /**
     * Removes design uploads no cart line, saved design or order uses: a
     * guest's once DESIGN_IMAGE_GUEST_UNUSED_HOURS old, a shopper's once
     * DESIGN_IMAGE_UNUSED_HOURS old (their bytes too, unless a product shows
     * the same picture). Answers how many uploads went.
     */
    async deleteUnusedImages(now = new Date()): Promise<number> {
      const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
      return db.transaction(async (tx) => {
        const ids = await deleteUnusedDesignImages(tx, {
          before: hoursAgo(DESIGN_IMAGE_UNUSED_HOURS),
          guestsBefore: hoursAgo(DESIGN_IMAGE_GUEST_UNUSED_HOURS),
        });
        await media.deleteImagesNotOnProducts(tx, ids);
        return ids.length;
      });
    },
  };
}

export type DesignUploadsService = ReturnType<typeof createDesignUploadsService>;
