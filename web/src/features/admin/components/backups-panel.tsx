import { useState } from 'react';
import { BACKUP_OVERDUE_INTERVALS, type BackupList } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { formatDateTime } from '#web/utils/format-date.ts';
import { downloadBackup, useCreateBackup } from '../api/backups.ts';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function scheduleText(everyHours: number): string {
  if (everyHours === 0) return 'Scheduled backups are off (BACKUP_EVERY_HOURS=0).';
  return `A backup is made every ${everyHours === 1 ? 'hour' : `${everyHours} hours`}.`;
}

/** The last backup, a warning when it is overdue, 'Back up now' and the list to download (decision 034). */
export function BackupsPanel({ list }: { list: BackupList }) {
  const create = useCreateBackup();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [last] = list.backups;
  return (
    <CardSection
      title="Backups"
      id="backups"
      aside={
        <button
          type="button"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: (backup) => toast.success(`Backed up: ${backup.name}`),
              onError: (error) => toast.error(getErrorMessage(error)),
            })
          }
          className={buttonStyles({ variant: 'outline', size: 'sm' })}
        >
          {create.isPending ? 'Backing up…' : 'Back up now'}
        </button>
      }
    >
      <p className="text-sm text-ink-700">
        {last
          ? `Last backup: ${formatDateTime(last.createdAt)}, ${formatBytes(last.bytes)}.`
          : 'No backup yet.'}{' '}
        {scheduleText(list.everyHours)}
      </p>
      {list.overdue && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          The last backup is more than {BACKUP_OVERDUE_INTERVALS} intervals old: check the server's
          log and BACKUP_DIR.
        </p>
      )}
      {list.backups.length > 0 && (
        <ul className="mt-4 divide-y divide-ink-100">
          {list.backups.map((backup) => (
            <li
              key={backup.name}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <span className="text-sm text-ink-800">
                {formatDateTime(backup.createdAt)} · {formatBytes(backup.bytes)}
              </span>
              <button
                type="button"
                disabled={downloading !== null}
                aria-label={`Download backup ${backup.name}`}
                onClick={async () => {
                  setDownloading(backup.name);
                  try {
                    await downloadBackup(backup.name);
                  } catch (error) {
                    toast.error(getErrorMessage(error));
                  } finally {
                    setDownloading(null);
                  }
                }}
                className={buttonStyles({ variant: 'outline', size: 'sm' })}
              >
                {downloading === backup.name ? 'Preparing…' : 'Download'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
