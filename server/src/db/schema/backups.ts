import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * When the last scheduled backup was made, one row shared by every process
 * on the database: a process takes the row's lock, and makes a backup only
 * when this is older than the interval, so each one is made once.
 */
export const backupSchedule = pgTable('backup_schedule', {
  /** Always 1: the one row. */
  id: integer().primaryKey(),
  lastBackupAt: timestamp({ withTimezone: true }),
});
