import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RETURN_KINDS, RETURN_STATUSES, SIZES } from '#contract';
import { orderItems, orders } from './orders.ts';
import { refunds } from './payments.ts';

/**
 * A shopper's request to send items of a delivered order back (D31), and
 * where it is: requested → approved → received, or rejected.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text({ enum: RETURN_STATUSES }).notNull().default('requested'),
    /** The returned items' share of what was paid, fixed when asked: what receiving them refunds. */
    refundPaise: integer().notNull(),
    instructions: text(),
    rejectionReason: text(),
    /** The refund made on receipt, when one was due. */
    refundId: uuid().references(() => refunds.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
    rejectedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('returns_order_idx').on(table.orderId, table.createdAt),
    index('returns_status_idx').on(table.status, table.createdAt.desc()),
    check('returns_refund_nonnegative', sql`${table.refundPaise} >= 0`),
  ],
);

/** One order line's units in a return: sent back for money, or for another size. */
export const returnItems = pgTable(
  'return_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    returnId: uuid()
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    kind: text({ enum: RETURN_KINDS }).notNull(),
    /** The size sent instead; its units were reserved when the exchange was asked. */
    exchangeSize: text({ enum: SIZES }),
    reason: text().notNull(),
  },
  (table) => [
    index('return_items_return_idx').on(table.returnId),
    index('return_items_order_item_idx').on(table.orderItemId),
    check('return_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnItemRow = typeof returnItems.$inferSelect;
