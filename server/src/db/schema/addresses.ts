import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const addresses = pgTable(
  'addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    phone: text().notNull(),
    pincode: text().notNull(),
    city: text().notNull(),
    /** The state's name as GST's list writes it; an address saved before the list, as typed. */
    state: text().notNull(),
    /** The GST state code (issue 26); null on an address saved before the list (read by its name). */
    stateCode: text(),
    fullAddress: text().notNull(),
    selected: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('addresses_user_idx').on(table.userId, table.createdAt),
    // At most one selected address per shopper, whatever races happen.
    uniqueIndex('addresses_one_selected_key').on(table.userId).where(sql`${table.selected}`),
  ],
);
