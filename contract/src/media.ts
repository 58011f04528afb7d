import { z } from 'zod';
import { IdSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

// The owner's product images (D25), under /api/v1/admin: 401 without a live
// session, 403 for anyone but an admin.

/** What an uploaded image may be: checked by its bytes, not by its name or declared type. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIN_SIDE = 200;
export const IMAGE_MAX_SIDE = 6000;
/** 24 megapixels (a 6000 × 4000 camera photo): decoding one takes at most ~96 MB. */
export const IMAGE_MAX_PIXELS = 24_000_000;

export const UploadedImageSchema = z.object({
  _id: IdSchema,
  url: z.string(),
  contentType: z.enum(IMAGE_TYPES),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

export const uploadAdminImage = defineEndpoint({
  name: 'uploadAdminImage',
  method: 'POST',
  path: '/admin/images',
  tag: 'admin',
  summary: `Upload a product image: the body is the file's bytes with Content-Type ${IMAGE_TYPES.join(', ')}; at most 5 MB, ${IMAGE_MIN_SIDE}×${IMAGE_MIN_SIDE} to ${IMAGE_MAX_SIDE}×${IMAGE_MAX_SIDE} pixels and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels; stored re-encoded, without metadata. Use its _id in a product's imageIds.`,
  auth: 'admin',
  consumes: IMAGE_TYPES,
  result: UploadedImageSchema,
});
