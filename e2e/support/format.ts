import type { Page } from '@playwright/test';

/** A rupee amount as the shop shows it (D4, D5): '₹2,259.57'. */
export function rupees(amount: number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/**
 * A date as the shop shows it (D11: en-IN, '24 Nov 2026'; timestamps in India's
 * time zone, YYYY-MM-DD dates as they are), formatted by the page's browser
 * so its ICU data decides the month names, as it does for the shop.
 */
export function shopDate(page: Page, value: string): Promise<string> {
  return page.evaluate((date) => {
    const calendar = /^\d{4}-\d{2}-\d{2}$/.test(date);
    return new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: calendar ? 'UTC' : 'Asia/Kolkata',
    }).format(new Date(date));
  }, value);
}

/** '24 Nov 2026, 5:38 pm': a timestamp with its time of day in India, as the tracking page shows it. */
export function shopDateTime(page: Page, value: string): Promise<string> {
  return page.evaluate(
    (date) =>
      new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'Asia/Kolkata',
      }).format(new Date(date)),
    value,
  );
}
