import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from '#server-test/database.ts';
import { insertOrders, invoiceInput } from '#server-test/invoice-fixtures.ts';
import { unzipCsvs } from '#server-test/zipped-csv.ts';
import { createInvoicesService, type InvoicesService } from './invoices.service.ts';

let database: DatabaseHandle;
let invoices: InvoicesService;

beforeAll(async () => {
  database = await createTestDatabase();
  invoices = createInvoicesService(database.db);
});
afterAll(() => database?.close());

describe("a month's GSTR-1 files from the issued documents", () => {
  it("takes the documents issued in the month on India's calendar", async () => {
    const instants = [
      '2026-10-31T23:59:59+05:30',
      '2026-11-01T00:00:00+05:30',
      '2026-11-30T23:59:59+05:30',
      '2026-12-01T00:00:00+05:30',
    ].map((instant) => new Date(instant));
    const orders = await insertOrders(database.db, instants.length);
    const numbers: string[] = [];
    for (const [index, issuedAt] of instants.entries()) {
      const orderId = orders[index] ?? '';
      const document = await database.db.transaction((tx) =>
        invoices.issueInvoice(tx, { ...invoiceInput(orderId), prefix: 'MO', issuedAt }),
      );
      numbers.push(document.number);
    }
    const [, firstOfNovember = '', , firstOfDecember = ''] = orders;
    await database.db.transaction((tx) =>
      invoices.issueCreditNote(tx, {
        orderId: firstOfNovember,
        lines: invoiceInput(firstOfNovember).lines.slice(0, 1),
        issuedAt: new Date('2026-11-15T12:00:00+05:30'),
      }),
    );
    await database.db.transaction((tx) =>
      invoices.issueCreditNote(tx, {
        orderId: firstOfDecember,
        lines: invoiceInput(firstOfDecember).lines,
        issuedAt: new Date('2026-12-02T12:00:00+05:30'),
      }),
    );

    const csvs = unzipCsvs(await invoices.gstr1Zip('2026-11'));
    expect(csvs['docs.csv']?.rows).toEqual([
      expect.objectContaining({
        'Sr. No. From': numbers[1],
        'Sr. No. To': numbers[2],
        'Total Number': '2',
      }),
      expect.objectContaining({ 'Nature of Document': 'Credit Note', 'Total Number': '1' }),
    ]);
    const december = unzipCsvs(await invoices.gstr1Zip('2026-12'));
    expect(december['docs.csv']?.rows.map((row) => row['Total Number'])).toEqual(['1', '1']);
    const empty = unzipCsvs(await invoices.gstr1Zip('2027-01'));
    expect(empty['b2cs.csv']?.rows).toEqual([]);
    expect(empty['b2cs.csv']?.header[0]).toBe('Type');
  });
});
