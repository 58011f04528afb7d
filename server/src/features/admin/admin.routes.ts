import type { FastifyInstance } from 'fastify';
import { getAdminDashboard, getLowStockSettings, updateLowStockSettings } from '#contract';
import { route } from '#server/lib/route.ts';
import type { AdminService } from './admin.service.ts';

/** The back office's own endpoint, the dashboard (D25, decision 036): route() answers 401/403 to everyone but an admin. */
export function adminRoutes(admin: AdminService) {
  return async (app: FastifyInstance) => {
    route(app, getAdminDashboard, () => admin.dashboard.getDashboard());
    route(app, getLowStockSettings, () => admin.lowStock.getSettings());
    route(app, updateLowStockSettings, ({ body }) => admin.lowStock.updateSettings(body));
  };
}
