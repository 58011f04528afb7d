import { BACKUP_OVERDUE_INTERVALS, type Backup, type BackupList } from '#contract';
import type { BackupConfig } from '#server/config/env.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { notFound } from '#server/lib/app-error.ts';
import {
  backupName,
  listBackupFiles,
  openBackupFile,
  pruneBackupFiles,
  writeBackup,
} from './backup-files.ts';
import { lockSchedule, readSchedule, recordScheduledBackup } from './backups.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Backups of the whole database into BACKUP_DIR (decision 034): made on
 * demand by the owner or on the schedule, the newest BACKUP_KEEP kept.
 */
export function createBackupsService(database: DatabaseHandle, config: BackupConfig) {
  const intervalMs = config.everyHours * HOUR_MS;

  async function makeBackup(now = new Date()): Promise<Backup> {
    const backup = await writeBackup(config.dir, backupName(now), await database.dump());
    await pruneBackupFiles(config.dir, config.keep);
    return backup;
  }

  const isDue = (lastBackupAt: Date | null, now: Date) =>
    !lastBackupAt || now.getTime() - lastBackupAt.getTime() >= intervalMs;

  return {
    makeBackup,

    async listBackups(now = new Date()): Promise<BackupList> {
      const backups = await listBackupFiles(config.dir);
      const newest = backups[0];
      const overdue =
        intervalMs > 0 &&
        newest !== undefined &&
        now.getTime() - Date.parse(newest.createdAt) > BACKUP_OVERDUE_INTERVALS * intervalMs;
      return { backups, everyHours: config.everyHours, overdue };
    },

    async openBackup(name: string) {
      const found = await openBackupFile(config.dir, name);
      if (!found) throw notFound('No backup has that name');
      return found;
    },

    /**
     * Makes the scheduled backup if it is due, and answers it (undefined when
     * not due). On PostgreSQL every process asks: the one holding the
     * schedule's row lock decides and backs up while the others skip, and the
     * time it records is what the next one goes by, so each backup is made once.
     * PGlite has one process, and its pg_dump runs on the connection a
     * transaction would hold.
     */
    async backUpIfDue(now = new Date()): Promise<Backup | undefined> {
      if (database.kind === 'pglite') {
        if (!isDue((await readSchedule(database.db)).lastBackupAt, now)) return undefined;
        const backup = await makeBackup(now);
        await recordScheduledBackup(database.db, now);
        return backup;
      }
      return database.db.transaction(async (tx) => {
        const schedule = await lockSchedule(tx);
        if (!schedule || !isDue(schedule.lastBackupAt, now)) return undefined;
        const backup = await makeBackup(now);
        await recordScheduledBackup(tx, now);
        return backup;
      });
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
