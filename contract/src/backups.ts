import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { textSchema } from './text.ts';

// The owner's backups (decision 034), under /api/v1/admin: 401 without a live
// session, 403 for anyone but an admin.

/** A backup file (decision 034): gzip of plain SQL that psql loads, holding the whole database. */
export const BackupSchema = z.object({
  /** The file's name, e.g. shop-2026-11-27T030000.000Z.sql.gz: the instant it was taken, in UTC. */
  name: z.string(),
  bytes: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
});
export type Backup = z.infer<typeof BackupSchema>;

/** The dashboard warns when the newest backup is older than this many scheduled intervals. */
export const BACKUP_OVERDUE_INTERVALS = 2;

export const BackupListSchema = z.object({
  /** Newest first. */
  backups: z.array(BackupSchema),
  /** The schedule (BACKUP_EVERY_HOURS); 0 when scheduled backups are off. */
  everyHours: z.number().nonnegative(),
  /** The newest backup is older than BACKUP_OVERDUE_INTERVALS intervals of the schedule. */
  overdue: z.boolean(),
});
export type BackupList = z.infer<typeof BackupListSchema>;

export const BackupParamsSchema = z.object({ name: textSchema('The name').max(100) });
export type BackupParams = z.infer<typeof BackupParamsSchema>;

export const createBackup = defineEndpoint({
  name: 'createBackup',
  method: 'POST',
  path: '/admin/backups',
  tag: 'admin',
  summary: 'Back up the whole database now; older backups beyond BACKUP_KEEP are deleted',
  auth: 'admin',
  result: BackupSchema,
});

export const listBackups = defineEndpoint({
  name: 'listBackups',
  method: 'GET',
  path: '/admin/backups',
  tag: 'admin',
  summary: 'The backups kept, newest first, and whether the newest is overdue',
  auth: 'admin',
  result: BackupListSchema,
});

export const downloadBackup = defineEndpoint({
  name: 'downloadBackup',
  method: 'GET',
  path: '/admin/backups/:name',
  tag: 'admin',
  summary:
    'One backup as a download: gzip of plain SQL (load with psql, or npm run restore); only names the list shows',
  auth: 'admin',
  params: BackupParamsSchema,
  produces: 'application/gzip',
  // The answer is the file itself, not the JSON envelope.
  result: z.string(),
});

/** A backup's address under /api/v1, for a link the admin's browser downloads with its token. */
export const backupPath = (name: string) => `/admin/backups/${encodeURIComponent(name)}`;
