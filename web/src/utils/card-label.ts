import type { SavedCard } from '#contract';

/** A saved card as the shop names it: 'Visa •••• 4242, expires 12/30' (issue 13). */
export function savedCardLabel(card: Pick<SavedCard, 'brand' | 'last4' | 'expMonth' | 'expYear'>) {
  const month = String(card.expMonth).padStart(2, '0');
  const year = String(card.expYear % 100).padStart(2, '0');
  return `${card.brand} •••• ${card.last4}, expires ${month}/${year}`;
}
