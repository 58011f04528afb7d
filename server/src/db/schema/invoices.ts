import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * The last serial given in each series and financial year (issue 26). A
 * document's number is taken by incrementing its row inside the transaction
 * that records the document, so a rollback gives the number back and the
 * series has no gaps (decision 040); a sequence would leave gaps.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    /** The number's prefix: the shop's invoice prefix, or 'CN' for credit notes. */
    series: text().notNull(),
    /** 'YY-YY', April to March in India's time. */
    financialYear: text().notNull(),
    lastSerial: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.financialYear] })],
);

/** The columns every numbered document has; fresh builders per table. */
const numberedColumns = () => ({
  id: uuid().primaryKey().defaultRandom(),
  orderId: uuid()
    .notNull()
    .references(() => orders.id),
  number: text().notNull().unique(),
  series: text().notNull(),
  financialYear: text().notNull(),
  serial: integer().notNull(),
  issuedAt: timestamp({ withTimezone: true }).notNull(),
  /**
   * Everything printed besides the number and date, frozen as issued: the
   * invoices feature's DocumentContent (its mapper reads it back).
   */
  content: jsonb().notNull(),
});

/** The tax invoice of an order: one per order, never changed or deleted. */
export const invoices = pgTable(
  'invoices',
  {
    ...numberedColumns(),
    orderId: uuid()
      .notNull()
      .unique()
      .references(() => orders.id),
  },
  (table) => [
    unique('invoices_serial_unique').on(table.series, table.financialYear, table.serial),
    check('invoices_number_length', sql`char_length(${table.number}) <= 16`),
    index('invoices_issued_idx').on(table.issuedAt),
  ],
);

/** A credit note against an invoice: a cancellation, or a return of some of its lines. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    ...numberedColumns(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
  },
  (table) => [
    unique('credit_notes_serial_unique').on(table.series, table.financialYear, table.serial),
    check('credit_notes_number_length', sql`char_length(${table.number}) <= 16`),
    index('credit_notes_issued_idx').on(table.issuedAt),
    index('credit_notes_invoice_idx').on(table.invoiceId),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
