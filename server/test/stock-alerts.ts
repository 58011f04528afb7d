import type { FastifyInstance } from 'fastify';
import { StockAlertSchema } from '#contract';
import type { Database } from '#server/db/client.ts';
import { expectResult } from './http.ts';
import { findMessagesTo } from './outbox.ts';

/** The tokens of every back-in-stock confirmation link mailed to an address, oldest first. */
export async function stockAlertLinksTo(db: Database, email: string): Promise<string[]> {
  const messages = await findMessagesTo(db, email);
  return messages
    .filter((message) => message.kind === 'stock-alert-confirm')
    .map((message) => {
      const token = /\/stock-alerts\/confirm\?token=([\w-]+)/.exec(message.text)?.[1];
      if (!token) throw new Error(`No link in: ${message.text}`);
      return token;
    });
}

/** Follows the last confirmation link mailed to an address, as its owner would. */
export async function confirmLastStockAlert(app: FastifyInstance, db: Database, email: string) {
  const token = (await stockAlertLinksTo(db, email)).at(-1);
  if (!token) throw new Error(`No confirmation link to ${email}`);
  return expectResult(
    app,
    { method: 'POST', url: '/api/v1/stock-alerts/confirm', payload: { token } },
    StockAlertSchema,
  );
}
