import { describe, expect, it } from 'vitest';
import { formatRupees, orderNumber, shortOrderNumber } from './format.ts';

describe('formatRupees', () => {
  it('shows rupees with two decimals and Indian digit grouping', () => {
    expect(formatRupees(499)).toBe('₹499.00');
    expect(formatRupees(499.5)).toBe('₹499.50');
    expect(formatRupees(149_900)).toBe('₹1,49,900.00');
  });
});

describe('shortOrderNumber', () => {
  it('is the last 8 characters of the id', () => {
    expect(shortOrderNumber('6650f1c2a9e8b7d6c5b4a3f2')).toBe('c5b4a3f2');
  });
});

describe('orderNumber', () => {
  it('is # and the short number, the same for the shopper and the owner', () => {
    expect(orderNumber('c0ffee00-1111-4222-8333-9876abcd1234')).toBe('#abcd1234');
  });
});
