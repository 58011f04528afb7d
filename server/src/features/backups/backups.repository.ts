import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { backupSchedule } from '#server/db/schema/backups.ts';

const SCHEDULE_ROW = 1;

/**
 * The schedule's row, locked until the transaction ends; undefined when
 * another process holds it (that one is deciding, or making the backup).
 */
export async function lockSchedule(
  tx: Database,
): Promise<{ lastBackupAt: Date | null } | undefined> {
  const [row] = await tx
    .select({ lastBackupAt: backupSchedule.lastBackupAt })
    .from(backupSchedule)
    .where(eq(backupSchedule.id, SCHEDULE_ROW))
    .for('update', { skipLocked: true });
  return row;
}

export async function readSchedule(db: Database): Promise<{ lastBackupAt: Date | null }> {
  const [row] = await db
    .select({ lastBackupAt: backupSchedule.lastBackupAt })
    .from(backupSchedule)
    .where(eq(backupSchedule.id, SCHEDULE_ROW));
  return row ?? { lastBackupAt: null };
}

export async function recordScheduledBackup(db: Database, at: Date): Promise<void> {
  await db
    .update(backupSchedule)
    .set({ lastBackupAt: at })
    .where(eq(backupSchedule.id, SCHEDULE_ROW));
}
