import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Backup, backupPath, createBackup, listBackups } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download-file.ts';
import { backupKeys } from './backup-keys.ts';

/** The owner's backups (decision 034): the list and whether the newest is overdue. */
export function useBackups() {
  return useQuery({
    queryKey: backupKeys.list,
    queryFn: ({ signal }) => apiCall(listBackups, { signal }),
  });
}

export function useCreateBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<Backup> => apiCall(createBackup, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: backupKeys.list }),
  });
}

/** A backup, as a download under its own name. */
export const downloadBackup = (name: string): Promise<void> => downloadFile(backupPath(name), name);
