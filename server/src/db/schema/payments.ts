import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_PAYMENT_SETTINGS, REFUND_ACCOUNT_KINDS, REFUND_STATUSES } from '#contract';
import { users } from './accounts.ts';
import { groupOrderEntries } from './group-orders.ts';
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
 * Money given back on an order (issue 13, section 4), or to a member of an
 * 'each pays' group for their own payment (decision 073). A refund is written
 * 'pending' inside the transaction that decides it and sent to the provider
 * after that commits, with its id as the idempotency key (decision 014).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The order whose payment it gives back; null for a group member's. */
    orderId: uuid().references(() => orders.id, { onDelete: 'cascade' }),
    /** The 'each pays' group entry whose member's payment it gives back; null for an order's. */
    groupEntryId: uuid().references(() => groupOrderEntries.id, { onDelete: 'cascade' }),
    amountPaise: integer().notNull(),
    reason: text().notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull().default('pending'),
    providerReference: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('refunds_order_idx').on(table.orderId, table.createdAt),
    index('refunds_group_entry_idx').on(table.groupEntryId, table.createdAt),
    // The sweep sends those still pending.
    index('refunds_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check('refunds_amount_positive', sql`${table.amountPaise} > 0`),
    check(
      'refunds_of_order_or_group_entry',
      sql`(${table.orderId} is null) <> (${table.groupEntryId} is null)`,
    ),
  ],
);

/**
 * The built-in test gateway's own card store (D12, issue 25): what a real
 * provider keeps on its side, so a token saved through one process is charged
 * through any other and after a restart. Never the card number or the CVV:
 * the CVV typed at a later charge is checked against a salted scrypt hash
 * (payment-provider.ts says why that is enough for a test gateway).
 */
export const testGatewayCards = pgTable('test_gateway_cards', {
  token: text().primaryKey(),
  brand: text().notNull(),
  last4: text().notNull(),
  expMonth: smallint().notNull(),
  expYear: smallint().notNull(),
  /** Whether the number passed the gateway's rules when saved (false for the always-declined card). */
  approvable: boolean().notNull(),
  cvvSalt: text().notNull(),
  cvvHash: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where the shop pays by hand the refund of an order paid in cash (issue 25):
 * there is no payment to refund into, so the shopper gives a UPI ID or a bank
 * account. One per order; the shopper may change it until it is paid.
 */
export const refundAccounts = pgTable(
  'refund_accounts',
  {
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text({ enum: REFUND_ACCOUNT_KINDS }).notNull(),
    upiId: text(),
    accountNumber: text(),
    ifsc: text(),
    accountHolder: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'refund_accounts_complete',
      sql`(${table.kind} = 'upi' and ${table.upiId} is not null) or (${table.kind} = 'bank' and ${table.accountNumber} is not null and ${table.ifsc} is not null and ${table.accountHolder} is not null)`,
    ),
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
export type TestGatewayCardRow = typeof testGatewayCards.$inferSelect;
export type RefundAccountRow = typeof refundAccounts.$inferSelect;
export type SavedCardRow = typeof savedCards.$inferSelect;

/**
 * The owner's payment settings (issue 25): one row shared by every process,
 * read by every quote and checkout, so a change holds from the next request
 * on any process. The defaults are the contract's DEFAULT_PAYMENT_SETTINGS.
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    /** Always 1: the one row. */
    id: integer().primaryKey(),
    codEnabled: boolean().notNull().default(DEFAULT_PAYMENT_SETTINGS.codEnabled),
    codMaxOrderPaise: integer()
      .notNull()
      .default(DEFAULT_PAYMENT_SETTINGS.codMaxOrder * 100),
    codFeePaise: integer()
      .notNull()
      .default(DEFAULT_PAYMENT_SETTINGS.codFee * 100),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payment_settings_one_row', sql`${table.id} = 1`),
    check('payment_settings_cod_max_positive', sql`${table.codMaxOrderPaise} > 0`),
    check('payment_settings_cod_fee_nonnegative', sql`${table.codFeePaise} >= 0`),
  ],
);

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;
