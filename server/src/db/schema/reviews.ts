import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';

/**
 * A shopper's review of a product they received (D28), one per shopper and
 * product. A hidden review stays for the owner but leaves the page and the
 * product's rating.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint().notNull(),
    title: text().notNull(),
    text: text().notNull(),
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('reviews_product_user_unique').on(table.productId, table.userId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    index('reviews_product_idx').on(table.productId, table.createdAt.desc().nullsFirst()),
    index('reviews_created_idx').on(table.createdAt.desc().nullsFirst()),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
