import type { FastifyInstance } from 'fastify';
import {
  createSavedDesign,
  deleteSavedDesign,
  duplicateSavedDesign,
  getSavedDesign,
  listSavedDesigns,
  updateSavedDesign,
  uploadDesignImage,
} from '#contract';
import { acceptImageBodies } from '#server/features/media/image-body.ts';
import { route } from '#server/lib/route.ts';
import { DESIGN_IMAGE_LIMITS, type DesignUploadsService } from './design-uploads.service.ts';
import type { DesignsService } from './designs.service.ts';

/** Guests may upload, so each client gets a few uploads a minute (counted across processes). */
export const DESIGN_UPLOAD_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

/** How often a process removes design uploads nobody uses. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function designsRoutes(designs: DesignsService, uploads: DesignUploadsService) {
  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      acceptImageBodies(scope, DESIGN_IMAGE_LIMITS);
      route(
        scope,
        uploadDesignImage,
        ({ user, request }) =>
          uploads.upload({ userId: user?.id, address: request.ip }, request.body as Buffer),
        { status: 201, rateLimit: DESIGN_UPLOAD_RATE_LIMIT },
      );
    });

    route(app, listSavedDesigns, ({ user }) => designs.listSavedDesigns(user.id));
    route(app, createSavedDesign, ({ user, body }) => designs.createSavedDesign(user.id, body), {
      status: 201,
    });
    route(app, getSavedDesign, ({ user, params }) => designs.getSavedDesign(user.id, params.id));
    route(app, updateSavedDesign, ({ user, params, body }) =>
      designs.updateSavedDesign(user.id, params.id, body),
    );
    route(
      app,
      duplicateSavedDesign,
      ({ user, params }) => designs.duplicateSavedDesign(user.id, params.id),
      { status: 201 },
    );
    route(app, deleteSavedDesign, async ({ user, params }) => {
      await designs.deleteSavedDesign(user.id, params.id);
      return null;
    });

    const sweep = setInterval(() => {
      uploads.deleteUnusedImages().catch((error: unknown) => {
        app.log.warn({ err: error }, 'Removing unused design uploads failed; next hour again');
      });
    }, SWEEP_INTERVAL_MS).unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  };
}
