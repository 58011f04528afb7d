import { createHash } from 'node:crypto';
import type { CheckoutBody, Order } from '#contract';
import type { Database } from '#server/db/client.ts';
import type { OrderRow } from '#server/db/schema/orders.ts';
import { conflict } from '#server/lib/app-error.ts';
import { canonicalJson } from '#server/lib/canonical-json.ts';
import { KEY_REUSED } from './orders.messages.ts';
import {
  findIdempotencyKey,
  findOrder,
  insertIdempotencyKey,
  renewIdempotencyKey,
} from './orders.repository.ts';

/**
 * What makes two checkouts "the same request" for an Idempotency-Key (D18):
 * the parsed body, except that a card counts by its name, last 4 and expiry
 * and a saved card by its id: not even a hash of a card number or CVV is kept (D12).
 */
export function checkoutHash(body: CheckoutBody): string {
  const { card, cvv: _cvv, ...rest } = body;
  const fingerprint = {
    ...rest,
    card: card && {
      name: card.name,
      last4: card.number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      save: card.save,
    },
  };
  return createHash('sha256').update(canonicalJson(fingerprint)).digest('hex');
}

/**
 * Claims the Idempotency-Key inside the checkout's transaction (D18). The
 * insert waits on the key's primary key while another checkout with the
 * same key is running, so it sees that checkout's order once it commits, or
 * gets the key when it rolled back. Answers the first order to replay, or
 * undefined when this checkout goes ahead.
 */
export async function claimIdempotencyKey(
  tx: Database,
  userId: string,
  key: string,
  requestHash: string,
  replay: (tx: Database, order: OrderRow) => Promise<Order>,
): Promise<Order | undefined> {
  const claim = { userId, key, requestHash };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await insertIdempotencyKey(tx, claim)) return undefined;
    const taken = await findIdempotencyKey(tx, userId, key);
    if (!taken) continue; // its order was deleted meanwhile: claim it afresh
    if (taken.live && taken.orderId) {
      if (taken.requestHash !== requestHash) throw conflict(KEY_REUSED);
      const order = await findOrder(tx, userId, taken.orderId);
      if (order) return replay(tx, order);
    }
    // Older than 24 hours: the key is as good as new.
    if (await renewIdempotencyKey(tx, claim)) return undefined;
  }
  throw conflict('This Idempotency-Key is in use by another checkout. Please try again.');
}
