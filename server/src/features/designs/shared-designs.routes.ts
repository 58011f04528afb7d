import type { FastifyInstance } from 'fastify';
import { getSharedDesign, shareSavedDesign, stopSharingSavedDesign } from '#contract';
import { route } from '#server/lib/route.ts';
import type { SharedDesignsService } from './shared-designs.service.ts';

/**
 * How long a browser, a chat app or a cache in between may keep a shared
 * design's picture: short, so a stopped link's picture goes soon after it.
 */
const PICTURE_MAX_AGE_S = 300;

/** The owner's share and stop, and the shared design as the designer's copy reads it (under /api/v1). */
export function sharedDesignsRoutes(shared: SharedDesignsService) {
  return async (app: FastifyInstance) => {
    route(app, shareSavedDesign, ({ user, params }) => shared.share(user.id, params.id));
    route(app, stopSharingSavedDesign, async ({ user, params }) => {
      await shared.stopSharing(user.id, params.id);
      return null;
    });
    route(app, getSharedDesign, ({ params }) => shared.getSharedDesign(params.token));
  };
}

/** `/d/{token}/image.png`: the shared design on its garment, the link's Open Graph picture. */
export function sharedDesignPictureRoutes(shared: SharedDesignsService) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { token: string } }>(
      '/d/:token/image.png',
      { schema: { hide: true } },
      async (request, reply) => {
        const picture = await shared.renderPicture(request.params.token);
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', `public, max-age=${PICTURE_MAX_AGE_S}`)
          .send(picture);
      },
    );
  };
}
