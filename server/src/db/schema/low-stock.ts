import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { LOW_STOCK_THRESHOLD } from '#contract';

/**
 * The daily low-stock email to the admins (issue 27): the owner's threshold,
 * and the last shop day it went out. One row shared by every process: a
 * process takes the row's lock before sending, so each day's email goes once.
 */
export const lowStockAlerts = pgTable(
  'low_stock_alerts',
  {
    /** Always 1: the one row. */
    id: integer().primaryKey(),
    /** Sizes with this many units or fewer are low. */
    threshold: integer().notNull().default(LOW_STOCK_THRESHOLD),
    /** India's calendar day (YYYY-MM-DD) of the last email, or of the last look that found nothing low. */
    lastSentDay: date({ mode: 'string' }),
    /** When that look was made: what sold out since then goes in the next email. */
    lastCheckedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check('low_stock_alerts_one_row', sql`${table.id} = 1`),
    check('low_stock_alerts_threshold_range', sql`${table.threshold} >= 0`),
  ],
);
