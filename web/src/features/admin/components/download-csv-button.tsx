import { useState } from 'react';
import toast from 'react-hot-toast';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { downloadSubscribersCsv } from '../api/admin-api.ts';

/** Every newsletter subscriber as a CSV file. */
export function DownloadCsvButton() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadSubscribersCsv();
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      disabled={busy}
      onClick={download}
      className={buttonStyles({ variant: 'outline', size: 'sm' })}
    >
      {busy ? 'Preparing…' : 'Download CSV'}
    </button>
  );
}
