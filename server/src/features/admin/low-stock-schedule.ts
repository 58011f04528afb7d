import { createRepeatingTask } from '#server/lib/repeating-task.ts';
import type { LowStockAlertsService } from './low-stock-alerts.service.ts';

/** A process looks this often whether the day's email is due: it goes within a minute of its hour. */
const CHECK_EVERY_MS = 60_000;

/**
 * The admins' daily low-stock email (issue 27), in the server process; every
 * process runs one and the database settles which one sends (as backups, decision 034).
 */
export function createLowStockSchedule(
  alerts: Pick<LowStockAlertsService, 'sendIfDue'>,
  options: { onError: (error: unknown) => void },
) {
  return createRepeatingTask(() => alerts.sendIfDue(), {
    intervalMs: CHECK_EVERY_MS,
    onError: options.onError,
  });
}
