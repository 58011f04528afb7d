import { type FormEvent, useId, useState } from 'react';
import { SHOP_TIME_ZONE } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { inputStyles } from '#web/components/ui/form-field.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useDownloadOrdersCsv } from '../api/admin-csv.ts';

const SHOP_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day in India some days before `now`, as YYYY-MM-DD. */
export function shopDayBefore(now: Date, days: number): string {
  const today = SHOP_DAY.format(now);
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/** The orders of a range of days as a CSV file, the last 30 days at first (issue 27). */
export function OrdersCsvForm({ now = new Date() }: { now?: Date }) {
  const [from, setFrom] = useState(() => shopDayBefore(now, 29));
  const [to, setTo] = useState(() => shopDayBefore(now, 0));
  const download = useDownloadOrdersCsv();
  const fromId = useId();
  const toId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    download.mutate({ from, to }, { onError: (error) => toast.error(getErrorMessage(error)) });
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={fromId} className="block text-sm font-medium text-ink-700">
          From
        </label>
        <input
          id={fromId}
          type="date"
          required
          value={from}
          max={to}
          onChange={(event) => setFrom(event.target.value)}
          className={`${inputStyles(false)} mt-1 h-10`}
        />
      </div>
      <div>
        <label htmlFor={toId} className="block text-sm font-medium text-ink-700">
          To
        </label>
        <input
          id={toId}
          type="date"
          required
          value={to}
          min={from}
          onChange={(event) => setTo(event.target.value)}
          className={`${inputStyles(false)} mt-1 h-10`}
        />
      </div>
      <button
        type="submit"
        disabled={download.isPending}
        className={buttonStyles({ variant: 'outline' })}
      >
        {download.isPending ? 'Preparing…' : 'Download orders CSV'}
      </button>
    </form>
  );
}
