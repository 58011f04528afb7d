import { LOW_STOCK_EMAIL_HOUR, LOW_STOCK_LIST_MAX, type LowStockSettings } from '#contract';
import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import { shopDayPlus, shopDayStart } from '#server/lib/dates.ts';
import { findLowStock } from './admin-dashboard.repository.ts';
import {
  findAdmins,
  findSoldOutSince,
  lockAlerts,
  readAlerts,
  recordAlertsChecked,
  updateThreshold,
} from './low-stock-alerts.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a day's look found: how many admins were mailed (0: nothing low, or not due). */
export interface LowStockRound {
  sent: number;
}

/**
 * The owner's low-stock threshold and the daily email to the admins (issue 27).
 * Every process asks each minute; the row's lock settles which one looks,
 * and the day it records makes the day's email go once.
 */
export function createLowStockAlertsService(
  db: Database,
  { mail }: { mail: Pick<MailService, 'lowStock'> },
) {
  return {
    async getSettings(): Promise<LowStockSettings> {
      return { threshold: (await readAlerts(db)).threshold };
    },

    async updateSettings(body: LowStockSettings): Promise<LowStockSettings> {
      return { threshold: await updateThreshold(db, body.threshold) };
    },

    /** The threshold the dashboard lists sizes by. */
    threshold: async (): Promise<number> => (await readAlerts(db)).threshold,

    /**
     * Sends the day's email when it is due: from LOW_STOCK_EMAIL_HOUR in India,
     * once per India's day, and only when some size is low. The email and the
     * day it records commit together in the outbox's transaction.
     */
    async sendIfDue(now = new Date()): Promise<LowStockRound> {
      const today = shopDayPlus(now, 0);
      const dueFrom = shopDayStart(today).getTime() + LOW_STOCK_EMAIL_HOUR * 60 * 60 * 1000;
      if (now.getTime() < dueFrom) return { sent: 0 };
      return db.transaction(async (tx) => {
        const alerts = await lockAlerts(tx);
        if (!alerts || alerts.lastSentDay === today) return { sent: 0 };
        const since = alerts.lastCheckedAt ?? new Date(now.getTime() - DAY_MS);
        const [low, soldOut, admins] = await Promise.all([
          findLowStock(tx, alerts.threshold, LOW_STOCK_LIST_MAX),
          findSoldOutSince(tx, since),
          findAdmins(tx),
        ]);
        await recordAlertsChecked(tx, today, now);
        if (low.total === 0) return { sent: 0 };
        const report = {
          threshold: alerts.threshold,
          low: low.rows,
          lowTotal: low.total,
          soldOut,
        };
        for (const admin of admins) await mail.lowStock(tx, admin, report);
        return { sent: admins.length };
      });
    },
  };
}

export type LowStockAlertsService = ReturnType<typeof createLowStockAlertsService>;
