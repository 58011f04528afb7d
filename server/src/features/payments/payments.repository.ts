import type { Database } from '#server/db/client.ts';
import { savedCards } from '#server/db/schema/orders.ts';

/** A saved card is only what identifies it to its owner: never its number or CVV (D12). */
export interface NewSavedCard {
  userId: string;
  name: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export async function insertSavedCard(db: Database, card: NewSavedCard): Promise<void> {
  await db.insert(savedCards).values(card);
}
