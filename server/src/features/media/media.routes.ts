import type { FastifyInstance } from 'fastify';
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
