import { type FormEvent, useId, useState } from 'react';
import { SHOP_TIME_ZONE } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useDownloadGstReport } from '../api/gst-report.ts';

/** How many months back the picker offers, this one included: two financial years. */
const MONTHS_OFFERED = 24;

const MONTH_NAME = new Intl.DateTimeFormat('en-IN', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** This month and the ones before it on India's calendar, newest first: '2026-11', '2026-10', … */
export function monthsUpTo(now: Date, count = MONTHS_OFFERED): string[] {
  const [year = 0, month = 1] = new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number);
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(Date.UTC(year, month - 1 - back, 1));
    return first.toISOString().slice(0, 7);
  });
}

/** '2026-11' as the picker names it: 'November 2026'. */
export const monthLabel = (month: string) => MONTH_NAME.format(new Date(`${month}-01T00:00:00Z`));

/**
 * The month's GSTR-1 files to download (issue 26). GSTR-1 is filed for the
 * month before, so that month is chosen at first.
 */
export function GstReportForm({ now = new Date() }: { now?: Date }) {
  const months = monthsUpTo(now);
  const [month, setMonth] = useState(months[1] ?? months[0] ?? '');
  const download = useDownloadGstReport();
  const selectId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    download.mutate(month, { onError: (error) => toast.error(getErrorMessage(error)) });
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={selectId} className="block text-sm font-medium text-ink-700">
          Month
        </label>
        <select
          id={selectId}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          className="mt-1 h-10 rounded-lg border border-ink-300 bg-white px-3 text-ink-900"
        >
          {months.map((value) => (
            <option key={value} value={value}>
              {monthLabel(value)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={download.isPending} className={buttonStyles()}>
        {download.isPending ? 'Preparing…' : 'Download GSTR-1 files'}
      </button>
    </form>
  );
}
