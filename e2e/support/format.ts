import type { Page } from '@playwright/test';
import { SHOP_TIME_ZONE } from '#contract';

/**
 * A date as the shop shows it (D11: en-IN, '24 Nov 2026'; timestamps in India's
 * time zone, YYYY-MM-DD dates as they are), formatted by the page's browser
 * so its ICU data decides the month names, as it does for the shop.
 */
export function shopDate(page: Page, value: string): Promise<string> {
  return page.evaluate(
    ({ date, timeZone }) => {
      const calendar = /^\d{4}-\d{2}-\d{2}$/.test(date);
      return new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: calendar ? 'UTC' : timeZone,
      }).format(new Date(date));
    },
    // The function runs in the browser: the shop's time zone goes with it as an argument.
    { date: value, timeZone: SHOP_TIME_ZONE },
  );
}

/** '24 Nov 2026, 5:38 pm': a timestamp with its time of day in India, as the tracking page shows it. */
export function shopDateTime(page: Page, value: string): Promise<string> {
  return page.evaluate(
    ({ date, timeZone }) =>
      new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
      }).format(new Date(date)),
    { date: value, timeZone: SHOP_TIME_ZONE },
  );
}
