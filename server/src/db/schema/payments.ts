import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { REFUND_STATUSES } from '#contract';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/** 'Save this card for later use' keeps only what identifies the card to its owner (D12). */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: smallint().notNull(),
    expYear: smallint().notNull(),
    /** The provider's token for the card, charged with the CVV the shopper types; null before tokens. */
    token: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('saved_cards_user_idx').on(table.userId)],
);

/**
 * Money given back on an order (issue 13, section 4). A refund is written
 * 'pending' inside the transaction that decides it and sent to the provider
 * after that commits, with its id as the idempotency key (decision 014).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountPaise: integer().notNull(),
    reason: text().notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull().default('pending'),
    providerReference: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('refunds_order_idx').on(table.orderId, table.createdAt),
    check('refunds_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);

/**
 * Razorpay webhook events already handled, by their X-Razorpay-Event-Id
 * (issue 25): a second delivery of one finds its id here and changes
 * nothing. Written in the transaction that applies the event.
 */
export const razorpayWebhookEvents = pgTable('razorpay_webhook_events', {
  eventId: text().primaryKey(),
  event: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type RefundRow = typeof refunds.$inferSelect;
export type SavedCardRow = typeof savedCards.$inferSelect;
