/**
 * How the shop writes money, times and numbers, the same on every page and in every email.
 */

/** The shop keeps India's clock and calendar: delivery dates, return windows and shown times. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A rupee amount as the shop shows it: ₹ with Indian digit grouping and 2 decimals (D4, D5). */
export function formatRupees(amount: number): string {
  return RUPEES.format(amount);
}

/** SPEC §9: an order (and a return) is shown by the last 8 characters of its id. */
export function shortOrderNumber(id: string): string {
  return id.slice(-8);
}

/** An order's number as the shopper, the owner and every email write it: '#abcd1234' (issue 28). */
export function orderNumber(id: string): string {
  return `#${shortOrderNumber(id)}`;
}

/** A personalised piece's lettering in words (issue 29): 'ASHA · 7', 'ASHA' or '7'. */
export function letteringText({ name, number }: { name: string; number: number | null }): string {
  return [name, number === null ? '' : String(number)].filter((part) => part !== '').join(' · ');
}
