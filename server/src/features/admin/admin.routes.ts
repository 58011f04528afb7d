import type { FastifyInstance } from 'fastify';
import { getAdminDashboard, uploadAdminImage } from '#contract';
import { acceptImageBodies } from '#server/features/media/image-body.ts';
import { route } from '#server/lib/route.ts';
import type { AdminService } from './admin.service.ts';
import { type AdminImagesService, PRODUCT_IMAGE_LIMITS } from './admin-images.service.ts';

/**
 * The upload takes a file's raw bytes (no multipart), up to 5 MB: its own
 * body parsers and limit live in this child context, so every other route
 * keeps JSON only and the 1 MiB limit.
 */
function imageUploadRoutes(images: AdminImagesService) {
  return async (app: FastifyInstance) => {
    acceptImageBodies(app, PRODUCT_IMAGE_LIMITS);
    route(app, uploadAdminImage, ({ request }) => images.uploadImage(request.body as Buffer), {
      status: 201,
    });
  };
}

/** The shop owner's API (D25): route() answers 401/403 to everyone but an admin. */
export function adminRoutes(admin: AdminService) {
  return async (app: FastifyInstance) => {
    route(app, getAdminDashboard, () => admin.dashboard.getDashboard());

    await app.register(imageUploadRoutes(admin.images));
  };
}
