import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const contactMessages = pgTable('contact_messages', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  email: text().notNull(),
  message: text().notNull(),
  handledAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the mailed link was followed (issue 27); null while it was not. */
    confirmedAt: timestamp({ withTimezone: true }),
    /** The SHA-256 of the mailed link's token, until it is used. */
    confirmTokenHash: text(),
  },
  (table) => [
    uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(${table.email})`),
    uniqueIndex('newsletter_subscribers_token_key').on(table.confirmTokenHash),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
