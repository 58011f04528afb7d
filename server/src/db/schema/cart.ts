import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SIZES } from '#contract';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text({ enum: SIZES }).notNull(),
    quantity: integer().notNull(),
    selected: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
    // One plain line per product and size (SPEC §4 'This product is already added').
    uniqueIndex('cart_items_line_key').on(table.userId, table.productId, table.size),
    index('cart_items_user_idx').on(table.userId, table.createdAt),
  ],
);
