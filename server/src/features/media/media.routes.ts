import type { FastifyInstance } from 'fastify';
import { uploadAdminImage } from '#contract';
import { route } from '#server/lib/route.ts';
import { type AdminImagesService, PRODUCT_IMAGE_LIMITS } from './admin-images.service.ts';
import { acceptImageBodies } from './image-body.ts';
import type { MediaService } from './media.service.ts';

/**
 * Serves stored images. An image never changes under its id, so browsers may
 * keep it for a year; the CSP stops an SVG from running anything.
 */
export function mediaRoutes(media: MediaService) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { id: string } }>(
      '/media/:id',
      { schema: { hide: true } },
      async (request, reply) => {
        const image = await media.getImage(request.params.id);
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', `"${image.sha256}"`)
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(image.bytes);
      },
    );
  };
}

/**
 * The owner's product image upload (D25; route() answers 401/403 to everyone
 * but an admin). It takes a file's raw bytes (no multipart), up to 5 MB: its own
 * body parsers and limit live in this child context, so every other route
 * keeps JSON only and the 1 MiB limit.
 */
export function adminImagesRoutes(images: AdminImagesService) {
  return async (app: FastifyInstance) => {
    acceptImageBodies(app, PRODUCT_IMAGE_LIMITS);
    route(app, uploadAdminImage, ({ request }) => images.uploadImage(request.body as Buffer), {
      status: 201,
    });
  };
}
