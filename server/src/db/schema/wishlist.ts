import { sql } from 'drizzle-orm';
import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SIZES } from '#contract';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';

/** A signed-in shopper's saved products (D33); a guest's live in the browser. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('wishlist_items_user_created_idx').on(table.userId, table.createdAt.desc().nullsFirst()),
  ],
);

/**
 * 'Notify me' on a sold-out size (D33): one email when the size is back, then
 * `notifiedAt` is set in the transaction that queued it, so no request is
 * answered twice. One open request per address, product and size.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text({ enum: SIZES }).notNull(),
    email: text().notNull(),
    /** The shopper who asked, when signed in: the greeting uses their name. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('stock_alerts_open_unique')
      .on(table.productId, table.size, table.email)
      .where(sql`${table.notifiedAt} is null`),
  ],
);

export type StockAlertRow = typeof stockAlerts.$inferSelect;

/**
 * A back-in-stock request waiting for its mailed link (double opt-in): for a
 * guest, or a signed-in shopper asking for an email not their own. Following
 * the link moves it to `stock_alerts`; until then it is never answered, and
 * it is forgotten once expired. Only the SHA-256 of the link's token is kept.
 */
export const stockAlertConfirmations = pgTable(
  'stock_alert_confirmations',
  {
    tokenHash: text().primaryKey(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text({ enum: SIZES }).notNull(),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('stock_alert_confirmations_expires_idx').on(table.expiresAt)],
);
