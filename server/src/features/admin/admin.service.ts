import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import { createAdminDashboardService } from './admin-dashboard.service.ts';
import { createLowStockAlertsService } from './low-stock-alerts.service.ts';

/**
 * What belongs to the back office itself (decision 036): the dashboard, which
 * sums several features' figures, and the low-stock threshold it lists by
 * (the admins' daily email's too, issue 27).
 */
export function createAdminService(
  db: Database,
  { mail }: { mail: Pick<MailService, 'lowStock'> },
) {
  const lowStock = createLowStockAlertsService(db, { mail });
  return {
    dashboard: createAdminDashboardService(db, { lowStockAlerts: lowStock }),
    lowStock,
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
