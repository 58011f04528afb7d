import { describe, expect, it } from 'vitest';
import { estimatedDelivery, shopDayPlus, shopDayStart } from './dates.ts';

describe('shop days', () => {
  it('counts in India: 20:00 UTC is already the next day there', () => {
    expect(shopDayPlus(new Date('2026-11-21T20:00:00Z'), 0)).toBe('2026-11-22');
    expect(shopDayPlus(new Date('2026-11-21T10:00:00Z'), 0)).toBe('2026-11-21');
  });

  it('delivers 3 days after the order, across month and year ends', () => {
    expect(estimatedDelivery(new Date('2026-11-29T10:00:00Z'))).toBe('2026-12-02');
    expect(estimatedDelivery(new Date('2026-12-30T10:00:00Z'))).toBe('2027-01-02');
  });

  it('starts a shop day at midnight in India, 18:30 UTC the day before', () => {
    expect(shopDayStart('2026-11-22').toISOString()).toBe('2026-11-21T18:30:00.000Z');
    const start = shopDayStart('2026-11-22');
    expect(shopDayPlus(start, 0)).toBe('2026-11-22');
    expect(shopDayPlus(new Date(start.getTime() - 1), 0)).toBe('2026-11-21');
  });
});
