import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PREFIX, type Backup, backupPath, createBackup, listBackups } from '#contract';
import { ApiError, apiCall } from '#web/lib/api-client.ts';
import { getAuthToken } from '#web/lib/auth-token.ts';
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

/**
 * A backup: a file, not the JSON envelope, so it is fetched here with the
 * bearer token and handed to the browser as a download.
 */
export async function downloadBackup(name: string): Promise<void> {
  const token = getAuthToken();
  const response = await fetch(`${API_PREFIX}${backupPath(name)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new ApiError(0, 'We could not reach the shop. Check your connection and try again.');
  });
  if (!response.ok) throw new ApiError(response.status, 'The backup could not be downloaded.');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has run.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
