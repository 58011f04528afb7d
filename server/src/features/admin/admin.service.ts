import type { Database } from '#server/db/client.ts';
import { createAdminDashboardService } from './admin-dashboard.service.ts';

/** What belongs to the back office itself (decision 036): the dashboard, which sums several features' figures. */
export function createAdminService(db: Database) {
  return {
    dashboard: createAdminDashboardService(db),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
