import { type AnalyticsInterval, shiftDay } from '#contract';

/** One interval of a report: its first and last day, both included. */
export interface DaySpan {
  start: string;
  end: string;
}

/** The day a day's week (Monday first, as ISO 8601 has it) or month begins. */
function periodStart(day: string, interval: AnalyticsInterval): string {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 8)}01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return shiftDay(day, -((weekday + 6) % 7));
}

/** The day after a period that begins on `start` ends. */
function nextPeriod(start: string, interval: AnalyticsInterval): string {
  if (interval === 'day') return shiftDay(start, 1);
  if (interval === 'week') return shiftDay(start, 7);
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The intervals from `from` to `to` (both included): days, weeks (Monday to
 * Sunday) or calendar months, the first and last cut to the range.
 */
export function bucketsOf(from: string, to: string, interval: AnalyticsInterval): DaySpan[] {
  const buckets: DaySpan[] = [];
  for (let start = from; start <= to; ) {
    const next = nextPeriod(periodStart(start, interval), interval);
    const end = shiftDay(next, -1);
    buckets.push({ start, end: end < to ? end : to });
    start = next;
  }
  return buckets;
}

/** Where a day of the range falls: the index of its bucket in {@link bucketsOf}'s list. */
export function bucketIndexer(buckets: DaySpan[]): (day: string) => number {
  return (day) => buckets.findIndex((bucket) => bucket.start <= day && day <= bucket.end);
}
