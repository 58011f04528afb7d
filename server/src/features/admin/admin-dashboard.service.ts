import { type AdminDashboard, LOW_STOCK_LIST_MAX } from '#contract';
import type { Database } from '#server/db/client.ts';
import { shopDayPlus, shopDayStart } from '#server/lib/dates.ts';
import { toDashboard } from './admin.mapper.ts';
import { countOrdersByStatus, findLowStock, sumOrdersSince } from './admin-dashboard.repository.ts';
import type { LowStockAlertsService } from './low-stock-alerts.service.ts';

/** The owner's day at a glance: days are India's calendar days (the shop's clock). */
export function createAdminDashboardService(
  db: Database,
  { lowStockAlerts }: { lowStockAlerts: Pick<LowStockAlertsService, 'threshold'> },
) {
  return {
    async getDashboard(now = new Date()): Promise<AdminDashboard> {
      const today = shopDayPlus(now, 0);
      const weekStart = shopDayPlus(now, -6);
      const threshold = await lowStockAlerts.threshold();
      const [statusCounts, todaySales, weekSales, lowStock] = await Promise.all([
        countOrdersByStatus(db),
        sumOrdersSince(db, shopDayStart(today)),
        sumOrdersSince(db, shopDayStart(weekStart)),
        findLowStock(db, threshold, LOW_STOCK_LIST_MAX),
      ]);
      return toDashboard({
        today,
        statusCounts,
        todaySales,
        weekSales,
        lowStockThreshold: threshold,
        lowStock: lowStock.rows,
        lowStockTotal: lowStock.total,
      });
    },
  };
}

export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;
