import { listBackups } from '#contract';

export const backupKeys = {
  /** The owner's backups and whether the newest is overdue. */
  list: [listBackups.path] as const,
};
