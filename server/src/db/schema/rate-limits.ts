import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters every server process shares (D30): one row per limit
 * and key (a client address, an email), counting hits in a window that
 * starts with the first hit and ends at `expiresAt`. A hit after that starts
 * a new window in the same row; rows nobody hits again are deleted.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** Which limit: 'api', 'login:email', 'POST /api/v1/contact', ... */
    name: text().notNull(),
    key: text().notNull(),
    hits: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.name, table.key] }),
    index('rate_limit_counters_expires_idx').on(table.expiresAt),
  ],
);
