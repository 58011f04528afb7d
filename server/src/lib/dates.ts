import { DELIVERY_DAYS, SHOP_TIME_ZONE } from '#contract';

const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The shop's calendar day of an instant plus some days, as YYYY-MM-DD. */
export function shopDayPlus(instant: Date, days: number): string {
  const [year, month, day] = isoDay.format(instant).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export const estimatedDelivery = (orderedAt: Date): string => shopDayPlus(orderedAt, DELIVERY_DAYS);

/** India keeps one offset all year (no daylight saving). */
const SHOP_UTC_OFFSET = '+05:30';

/** The instant a shop day (YYYY-MM-DD) begins. */
export const shopDayStart = (day: string): Date => new Date(`${day}T00:00:00${SHOP_UTC_OFFSET}`);
