import { describe, expect, it } from 'vitest';
import { cardBrand, hasExpired, isLuhnValid, lastFour } from './cards.ts';

/** Completes a partial number with its Luhn check digit. */
function withCheckDigit(partial: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (isLuhnValid(`${partial}${digit}`)) return `${partial}${digit}`;
  }
  throw new Error('unreachable');
}

describe('isLuhnValid', () => {
  it.each([
    '4111111111111111',
    '4000000000000002',
    '5555555555554444',
    '2223003122003222',
    '378282246310005',
    '6011111111111117',
    '4242424242424242',
  ])('accepts %s', (number) => {
    expect(isLuhnValid(number)).toBe(true);
  });

  it.each([
    '4111111111111112',
    '1234567812345678',
    '0000000000000001',
    '',
    'abcd',
    '4111 1111 1111 1111',
  ])('refuses %o', (number) => {
    expect(isLuhnValid(number)).toBe(false);
  });

  it('catches every single-digit typo', () => {
    const valid = '4111111111111111';
    for (let position = 0; position < valid.length; position++) {
      for (let digit = 0; digit <= 9; digit++) {
        if (String(digit) === valid[position]) continue;
        const typo = `${valid.slice(0, position)}${digit}${valid.slice(position + 1)}`;
        expect(isLuhnValid(typo), typo).toBe(false);
      }
    }
  });
});

describe('cardBrand', () => {
  it.each([
    ['4111111111111111', 'Visa'],
    ['4000000000000002', 'Visa'],
    ['5100000000000008', 'Mastercard'],
    ['5555555555554444', 'Mastercard'],
    ['2221000000000009', 'Mastercard'],
    ['2720990000000007', 'Mastercard'],
    ['2220990000000000', 'Card'],
    ['2721000000000000', 'Card'],
    ['5600000000000000', 'Card'],
    ['5000000000000000', 'Card'],
    ['6070000000000000', 'RuPay'],
    ['6521000000000000', 'RuPay'],
    ['8100000000000000', 'RuPay'],
    ['8200000000000000', 'RuPay'],
    ['5081000000000000', 'RuPay'],
    ['340000000000000', 'Amex'],
    ['378282246310005', 'Amex'],
    ['3530111333300000', 'Card'],
    ['9000000000000000', 'Card'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});

describe('hasExpired', () => {
  const now = new Date('2026-06-15T12:00:00Z');

  it('lets a card work to the end of its expiry month', () => {
    expect(hasExpired({ expMonth: 6, expYear: 2026 }, now)).toBe(false);
    expect(hasExpired({ expMonth: 6, expYear: 2026 }, new Date('2026-06-30T23:59:59Z'))).toBe(
      false,
    );
    expect(hasExpired({ expMonth: 6, expYear: 2026 }, new Date('2026-07-01T00:00:00Z'))).toBe(true);
  });

  it.each([
    [{ expMonth: 5, expYear: 2026 }, true],
    [{ expMonth: 12, expYear: 2025 }, true],
    [{ expMonth: 1, expYear: 2000 }, true],
    [{ expMonth: 7, expYear: 2026 }, false],
    [{ expMonth: 1, expYear: 2027 }, false],
  ])('%o expired: %s', (card, expired) => {
    expect(hasExpired(card, now)).toBe(expired);
  });
});

it('lastFour keeps only the last 4 digits', () => {
  expect(lastFour('4111111111111234')).toBe('1234');
});

it('withCheckDigit makes Luhn-valid numbers', () => {
  expect(withCheckDigit('411111111111111')).toBe('4111111111111111');
});
