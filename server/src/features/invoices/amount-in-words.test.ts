import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words.ts';

describe('amountInWords (Indian system)', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [100, 'Rupees One Only'],
    [1_900, 'Rupees Nineteen Only'],
    [2_000, 'Rupees Twenty Only'],
    [2_100, 'Rupees Twenty-One Only'],
    [10_000, 'Rupees One Hundred Only'],
    [10_100, 'Rupees One Hundred One Only'],
    [11_500, 'Rupees One Hundred Fifteen Only'],
    [100_000, 'Rupees One Thousand Only'],
    [124_950, 'Rupees One Thousand Two Hundred Forty-Nine and Fifty Paise Only'],
    [9_999_900, 'Rupees Ninety-Nine Thousand Nine Hundred Ninety-Nine Only'],
    [10_000_000, 'Rupees One Lakh Only'],
    [25_050_000, 'Rupees Two Lakh Fifty Thousand Five Hundred Only'],
    [1_000_000_000, 'Rupees One Crore Only'],
    [
      123_456_789_05,
      'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only',
    ],
    [1_000_000_000_00, 'Rupees One Hundred Crore Only'],
    [1, 'One Paisa Only'],
    [99, 'Ninety-Nine Paise Only'],
    [110, 'Rupees One and Ten Paise Only'],
  ])('%i paise → %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('refuses what is not a whole, non-negative number of paise', () => {
    expect(() => amountInWords(-1)).toThrow();
    expect(() => amountInWords(1.5)).toThrow();
  });
});
