import type { Backup } from '#contract';
import { createRepeatingTask } from '#server/lib/repeating-task.ts';
import type { BackupsService } from './backups.service.ts';

/** A process looks at least this often whether a backup is due, so a restart delays one by at most this. */
const LONGEST_CHECK_MS = 60_000;

/**
 * The scheduled backups (BACKUP_EVERY_HOURS, decision 034), in the server
 * process; every process runs one and the database settles which one backs up.
 * Undefined when the schedule is off.
 */
export function createBackupSchedule(
  backups: Pick<BackupsService, 'backUpIfDue'>,
  options: {
    everyHours: number;
    onBackup: (backup: Backup) => void;
    onError: (error: unknown) => void;
  },
) {
  if (options.everyHours === 0) return undefined;
  const intervalMs = Math.min(options.everyHours * 60 * 60 * 1000, LONGEST_CHECK_MS);
  return createRepeatingTask(
    async () => {
      const backup = await backups.backUpIfDue();
      if (backup) options.onBackup(backup);
    },
    { intervalMs, onError: options.onError },
  );
}
