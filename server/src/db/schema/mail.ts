import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every email, written in the transaction of the event that causes it and
 * delivered by a worker (D29, D32). It holds the message itself and nothing
 * more: no user id, and errors are the mail server's answer only.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    // One of the contract's MAIL_KINDS; the list grows with new emails, so no check constraint.
    kind: text().notNull(),
    status: text({ enum: ['pending', 'sending', 'sent', 'failed', 'held'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    /** A pending message is due from then; a sending one is claimed until then (its lease). */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    /** An order whose tax invoice is attached as a PDF, rendered when the message is sent (issue 26). */
    attachInvoiceOf: uuid(),
    /**
     * The ordered lines (order_items ids) whose designs the message shows on
     * their garments, rendered and attached inline when it is sent (issue 28).
     */
    designPicturesOf: uuid().array(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outbox_messages_due_idx').on(table.status, table.nextAttemptAt),
    index('outbox_messages_created_idx').on(table.createdAt),
  ],
);
