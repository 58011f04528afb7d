import { describe, expect, it } from 'vitest';
import { bucketIndexer, bucketsOf } from './analytics-buckets.ts';

describe('bucketsOf', () => {
  it('cuts months to the range, across a leap February and a new year', () => {
    expect(bucketsOf('2027-12-20', '2028-03-01', 'month')).toEqual([
      { start: '2027-12-20', end: '2027-12-31' },
      { start: '2028-01-01', end: '2028-01-31' },
      { start: '2028-02-01', end: '2028-02-29' },
      { start: '2028-03-01', end: '2028-03-01' },
    ]);
  });

  it('runs weeks Monday to Sunday, across a year end', () => {
    // 31 December 2026 is a Thursday.
    expect(bucketsOf('2026-12-31', '2027-01-12', 'week')).toEqual([
      { start: '2026-12-31', end: '2027-01-03' },
      { start: '2027-01-04', end: '2027-01-10' },
      { start: '2027-01-11', end: '2027-01-12' },
    ]);
  });

  it('has one bucket a day, and finds the bucket of each day', () => {
    const days = bucketsOf('2028-02-28', '2028-03-01', 'day');
    expect(days.map((bucket) => bucket.start)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    const indexOf = bucketIndexer(bucketsOf('2026-12-31', '2027-01-12', 'week'));
    expect(
      ['2026-12-31', '2027-01-03', '2027-01-04', '2027-01-12', '2027-01-13'].map(indexOf),
    ).toEqual([0, 0, 1, 2, -1]);
  });
});
