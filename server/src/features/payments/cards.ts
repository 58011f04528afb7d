/**
 * What the shop may know about a card without a gateway: whether its number
 * is well formed (Luhn), its brand, whether it has expired (D12). Pure
 * functions: nothing here stores or logs a card.
 */

/** The Luhn checksum every real card number satisfies. */
export function isLuhnValid(number: string): boolean {
  if (!/^\d{2,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const startsWithin = (number: string, digits: number, low: number, high: number): boolean => {
  const prefix = Number(number.slice(0, digits));
  return number.length >= digits && prefix >= low && prefix <= high;
};

/** The card's network, from its leading digits; 'Card' when it is none the shop knows. */
export function cardBrand(number: string): string {
  if (/^3[47]/.test(number)) return 'Amex';
  if (number.startsWith('4')) return 'Visa';
  if (startsWithin(number, 2, 51, 55) || startsWithin(number, 4, 2221, 2720)) return 'Mastercard';
  if (/^(60|65|81|82|508)/.test(number)) return 'RuPay';
  return 'Card';
}

/** A card works to the end of its expiry month. */
export function hasExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.expYear < year || (card.expYear === year && card.expMonth < month);
}

export const lastFour = (number: string): string => number.slice(-4);
