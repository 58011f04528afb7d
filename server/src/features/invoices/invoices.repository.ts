import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  type CreditNoteRow,
  creditNotes,
  documentCounters,
  type InvoiceRow,
  invoices,
} from '#server/db/schema/invoices.ts';

/**
 * The next serial of a series in a financial year. The upsert locks the
 * counter row until the caller's transaction ends, so concurrent issuers
 * queue and a rollback gives the serial back: no gaps (decision 040).
 */
export async function takeNextSerial(
  tx: Database,
  series: string,
  financialYear: string,
): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, financialYear, lastSerial: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.financialYear],
      set: { lastSerial: sql`${documentCounters.lastSerial} + 1` },
    })
    .returning({ lastSerial: documentCounters.lastSerial });
  if (!row) throw new Error('No serial was taken');
  return row.lastSerial;
}

export type NewInvoiceRow = typeof invoices.$inferInsert;
export type NewCreditNoteRow = typeof creditNotes.$inferInsert;

export async function insertInvoice(tx: Database, values: NewInvoiceRow): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  if (!row) throw new Error('The invoice was not recorded');
  return row;
}

export async function insertCreditNote(
  tx: Database,
  values: NewCreditNoteRow,
): Promise<CreditNoteRow> {
  const [row] = await tx.insert(creditNotes).values(values).returning();
  if (!row) throw new Error('The credit note was not recorded');
  return row;
}

/** The order's invoice, locked until the transaction ends: credit notes against it queue. */
export async function lockInvoiceOfOrder(
  tx: Database,
  orderId: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId)).for('update');
  return row;
}

export async function findInvoiceOfOrder(
  db: Database,
  orderId: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row;
}

export function listCreditNotesOfOrder(db: Database, orderId: string): Promise<CreditNoteRow[]> {
  return db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.financialYear), asc(creditNotes.serial));
}

export function listInvoicesIssued(db: Database, from: Date, to: Date): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.series), asc(invoices.financialYear), asc(invoices.serial));
}

/** Credit notes issued in [from, to), each with the number and date of its invoice. */
export function listCreditNotesIssued(
  db: Database,
  from: Date,
  to: Date,
): Promise<
  { note: CreditNoteRow; invoice: Pick<InvoiceRow, 'number' | 'issuedAt' | 'content'> }[]
> {
  return db
    .select({
      note: creditNotes,
      invoice: { number: invoices.number, issuedAt: invoices.issuedAt, content: invoices.content },
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(gte(creditNotes.issuedAt, from), lt(creditNotes.issuedAt, to)))
    .orderBy(asc(creditNotes.financialYear), asc(creditNotes.serial));
}
