import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type Design, GROUP_ORDER_PAYERS, GROUP_ORDER_STATUSES, SIZES } from '#contract';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';
import { type OrderAddress, orders } from './orders.ts';

/** An address as an order keeps it, with its state's GST code. */
export type GroupDeliveryAddress = OrderAddress & { stateCode: string };

/**
 * A group order (issue 29, decisions 060, 066, 072): a link members join until
 * the deadline; closing it turns the roster into lines of the organiser's cart
 * (or, each paying, one order); it is 'ordered' once every piece is.
 */
export const groupOrders = pgTable(
  'group_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * The link's token (32 random bytes): the organiser shares it and sees it
     * again, so it is kept as it is; it lets anyone join, nothing more.
     */
    token: text().notNull(),
    organiserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** A copy of the saved design it was started from: editing that later changes no group. */
    design: jsonb().$type<Design>().notNull(),
    /** The uploaded images the design uses: they stay while the group does. */
    imageIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    payer: text({ enum: GROUP_ORDER_PAYERS }).notNull(),
    personalise: boolean().notNull(),
    status: text({ enum: GROUP_ORDER_STATUSES }).notNull().default('open'),
    closedAt: timestamp({ withTimezone: true }),
    /**
     * Where an 'each pays' group's order goes: the organiser's address when
     * they started it (decision 066), as an order keeps it. Null when the organiser pays.
     */
    deliveryAddress: jsonb().$type<GroupDeliveryAddress>(),
    /** The 'closing in 24 hours' email went (once per group; moving the deadline resets it). */
    reminderSentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('group_orders_token_key').on(table.token),
    index('group_orders_organiser_idx').on(table.organiserId, table.createdAt),
    // The sweep looks for open groups by deadline.
    index('group_orders_open_closes_idx').on(table.closesAt).where(sql`${table.status} = 'open'`),
    check('group_orders_closed_at', sql`(${table.status} = 'open') = (${table.closedAt} is null)`),
  ],
);
export type GroupOrderRow = typeof groupOrders.$inferSelect;

/** One member's piece of a group order. */
export const groupOrderEntries = pgTable(
  'group_order_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupOrderId: uuid()
      .notNull()
      .references(() => groupOrders.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text().notNull(),
    size: text({ enum: SIZES }).notNull(),
    /** What the piece's back says, when the group is personalised; null otherwise. */
    playerName: text(),
    number: integer(),
    /** SHA-256 of the member's edit token (the link in their 'joined' email). */
    entryTokenHash: text().notNull(),
    /**
     * Paid for: in 'organiser pays' groups, once the organiser's order is
     * placed; in 'each pays' groups, once the member's own payment is captured.
     */
    paid: boolean().notNull().default(false),
    /** Each pays (decision 066): what the member is asked to pay, the group's price when they joined. */
    amountPaise: integer(),
    /** Each pays: the Razorpay order of the member's payment. */
    razorpayOrderId: text(),
    /** Each pays: Razorpay's payment id once captured; refunds are made against it. */
    paymentReference: text(),
    paidAt: timestamp({ withTimezone: true }),
    /**
     * A paid member who left, was removed, or whose size ran out at closing:
     * refunded in full, the row kept so the roster shows it. Null for a piece that counts.
     */
    droppedAt: timestamp({ withTimezone: true }),
    /**
     * The order holding this entry's piece (decision 072): the organiser's
     * checkout that took its cart line, or the order an 'each pays' group
     * became. Entries are ordered one by one; null until then.
     */
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('group_order_entries_group_idx').on(table.groupOrderId, table.createdAt),
    index('group_order_entries_order_idx').on(table.orderId),
    uniqueIndex('group_order_entries_token_key').on(table.entryTokenHash),
    uniqueIndex('group_order_entries_razorpay_order_key').on(table.razorpayOrderId),
  ],
);
export type GroupOrderEntryRow = typeof groupOrderEntries.$inferSelect;
