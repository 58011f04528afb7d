import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date.ts';

describe('formatDate', () => {
  it('shows a timestamp as day, short month and year in India (D11)', () => {
    expect(formatDate('2026-11-24T10:00:00.000Z')).toBe('24 Nov 2026');
    // 20:00 UTC is already the next morning in India.
    expect(formatDate('2026-11-24T20:00:00.000Z')).toBe('25 Nov 2026');
  });

  it('keeps a YYYY-MM-DD date on its own day', () => {
    expect(formatDate('2026-11-27')).toBe('27 Nov 2026');
    expect(formatDate('2027-01-01')).toBe('1 Jan 2027');
  });

  it('shows nothing for something that is not a date', () => {
    expect(formatDate('soon')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('adds the time of day in India', () => {
    expect(formatDateTime('2026-11-24T10:00:00.000Z')).toBe('24 Nov 2026, 3:30 pm');
  });

  it('shows nothing for something that is not a date', () => {
    expect(formatDateTime('')).toBe('');
  });
});
