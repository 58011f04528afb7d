import type { Database } from '#server/db/client.ts';
import type { MediaService } from '#server/features/media/media.service.ts';
import { createAdminDashboardService } from './admin-dashboard.service.ts';
import { createAdminImagesService } from './admin-images.service.ts';

export interface AdminDependencies {
  media: MediaService;
}

/** Everything the shop owner does (D25), one service per screen, through the owning features' services. */
export function createAdminService(db: Database, { media }: AdminDependencies) {
  return {
    dashboard: createAdminDashboardService(db),
    images: createAdminImagesService(db, { media }),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
