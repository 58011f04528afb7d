import { describe, expect, it } from 'vitest';
import { formatRupees } from './format-money.ts';

describe('formatRupees', () => {
  it('shows rupees with two decimals and Indian digit grouping', () => {
    expect(formatRupees(499)).toBe('₹499.00');
    expect(formatRupees(499.5)).toBe('₹499.50');
    expect(formatRupees(149_900)).toBe('₹1,49,900.00');
  });
});
