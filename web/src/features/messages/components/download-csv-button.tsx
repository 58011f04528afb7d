import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useDownloadSubscribersCsv } from '../api/admin-messages.ts';

/** Every newsletter subscriber as a CSV file. */
export function DownloadCsvButton() {
  const download = useDownloadSubscribersCsv();
  return (
    <button
      type="button"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(undefined, { onError: (error) => toast.error(getErrorMessage(error)) })
      }
      className={buttonStyles({ variant: 'outline', size: 'sm' })}
    >
      {download.isPending ? 'Preparing…' : 'Download CSV'}
    </button>
  );
}
