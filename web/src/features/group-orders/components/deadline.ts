/** A datetime-local input's value ('2030-01-31T18:00') for a moment, in the device's time. */
export function toDateTimeLocal(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The moment a datetime-local value names on this device, as the API takes it (ISO 8601). */
export const fromDateTimeLocal = (value: string) => new Date(value).toISOString();

/** A week from now: the deadline a new group starts with. */
export const defaultDeadline = () => toDateTimeLocal(new Date(Date.now() + 7 * 24 * 3_600_000));
