import { SHOP_TIME_ZONE } from '#contract';

/**
 * Dates as the shop shows them: en-IN, day, short month, year ('24 Nov 2026', D11).
 * Timestamps are shown in India's time zone, the one the server uses to work
 * out delivery dates, so 'Ordered on' and the estimated delivery always agree
 * wherever the shopper's device is set.
 */
const DATE = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

/** A calendar date with no time (the API's `estimateDeliveryDate`, YYYY-MM-DD). */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

const CALENDAR = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  // A calendar date is read as midnight UTC, so it is formatted in UTC to stay the same day.
  timeZone: 'UTC',
});

/** '24 Nov 2026' for an ISO timestamp or a YYYY-MM-DD date; '' when it is not a date. */
export function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (CALENDAR_DATE.test(value) ? CALENDAR : DATE).format(date);
}

/** '24 Nov 2026, 5:38 pm' for an ISO timestamp; '' when it is not one. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return DATE_TIME.format(date);
}
