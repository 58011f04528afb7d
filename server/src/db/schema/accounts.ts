import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '#contract';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Stored lower case: emails are unique case-insensitively (D14). */
    email: text().notNull(),
    phone: text().notNull().default(''),
    passwordHash: text().notNull(),
    role: text({ enum: ROLES }).notNull().default('shopper'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_key').on(sql`lower(${table.email})`)],
);

/** Who placed an order, as the owner sees it beside the order (D25). */
export type CustomerRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'email'>;

/** Sign-in sessions; only a hash of the token is kept, so a leaked table opens nothing. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Password reset links (D29): only a hash of the token is kept; each works once, for 30 minutes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * Email changes (issue 23): the new email takes effect when the link mailed
 * to it is opened (confirm token, 24 h); the old address gets a 'this was not
 * me' link (undo token, 7 days). Only hashes of the tokens are kept.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text().notNull(),
    newEmail: text().notNull(),
    confirmTokenHash: text().notNull().unique(),
    undoTokenHash: text().notNull().unique(),
    /** The session that asked: it stays signed in when the change is confirmed. */
    sessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    undoExpiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    /** Set when a newer change, a new password or 'this was not me' voided the unconfirmed link. */
    cancelledAt: timestamp({ withTimezone: true }),
    undoneAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_changes_user_idx').on(table.userId)],
);
