import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TaxedLine } from '#contract';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from '#server-test/database.ts';
import { insertOrders, invoiceInput, taxedLine } from '#server-test/invoice-fixtures.ts';
import { databaseUrlOf } from '#server-test/processes.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { createInvoicesService, type InvoicesService } from './invoices.service.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

let database: DatabaseHandle;
let invoices: InvoicesService;

beforeAll(async () => {
  database = await createTestDatabase();
  invoices = createInvoicesService(database.db);
});
afterAll(() => database?.close());

/** Issues an invoice for each order, one after another, each in its own transaction. */
async function issueEach(orderIds: string[], prefix: string, issuedAt?: Date) {
  const numbers: string[] = [];
  for (const orderId of orderIds) {
    const document = await database.db.transaction((tx) =>
      invoices.issueInvoice(tx, {
        ...invoiceInput(orderId),
        prefix,
        ...(issuedAt && { issuedAt }),
      }),
    );
    numbers.push(document.number);
  }
  return numbers;
}

const NOVEMBER_2026 = new Date('2026-11-27T10:00:00+05:30');

describe('invoice numbers', () => {
  it('counts up from 000001 in {prefix}/{YY-YY}/{serial}', async () => {
    const orders = await insertOrders(database.db, 3);
    expect(await issueEach(orders, 'AB', NOVEMBER_2026)).toEqual([
      'AB/26-27/000001',
      'AB/26-27/000002',
      'AB/26-27/000003',
    ]);
  });

  it('leaves no gap when the transaction that took a number rolls back', async () => {
    const orders = await insertOrders(database.db, 3);
    const [first = '', rolledBack = '', next = ''] = orders;
    await issueEach([first], 'RB', NOVEMBER_2026);
    const failed = database.db.transaction(async (tx) => {
      const document = await invoices.issueInvoice(tx, {
        ...invoiceInput(rolledBack),
        prefix: 'RB',
        issuedAt: NOVEMBER_2026,
      });
      expect(document.number).toBe('RB/26-27/000002');
      throw new Error('payment failed after the invoice');
    });
    await expect(failed).rejects.toThrow('payment failed');
    expect(await invoices.invoiceOfOrder(rolledBack)).toBeUndefined();
    expect(await issueEach([next], 'RB', NOVEMBER_2026)).toEqual(['RB/26-27/000002']);
  });

  it('starts a new year on 1 April in India (31 March 23:59 IST is still the old one)', async () => {
    const orders = await insertOrders(database.db, 4);
    const [a = '', b = '', c = '', d = ''] = orders;
    expect(await issueEach([a, b], 'FY', new Date('2027-03-31T23:59:59+05:30'))).toEqual([
      'FY/26-27/000001',
      'FY/26-27/000002',
    ]);
    // 1 April 00:00 IST is still 31 March in UTC: the year follows India's clock.
    expect(await issueEach([c], 'FY', new Date('2027-04-01T00:00:00+05:30'))).toEqual([
      'FY/27-28/000001',
    ]);
    expect(await issueEach([d], 'FY', new Date('2028-03-31T18:29:59Z'))).toEqual([
      'FY/27-28/000002',
    ]);
  });

  it('gives an order one invoice: asked again, the same one, and no number taken', async () => {
    const [order = '', other = ''] = await insertOrders(database.db, 2);
    const [first] = await issueEach([order], 'ON', NOVEMBER_2026);
    const again = await database.db.transaction((tx) =>
      invoices.issueInvoice(tx, { ...invoiceInput(order), prefix: 'ON' }),
    );
    expect(again.number).toBe(first);
    expect(await issueEach([other], 'ON', NOVEMBER_2026)).toEqual(['ON/26-27/000002']);
    // The table itself refuses a second invoice for the order.
    const duplicate = database.db.execute(sql`insert into invoices
      (order_id, number, series, financial_year, serial, issued_at, content)
      values (${order}, 'ON/26-27/000099', 'ON', '26-27', 99, now(), '{}')`);
    await expect(duplicate).rejects.toThrow();
  });

  it("refuses a number longer than 16 characters and the credit notes' prefix", async () => {
    const [order = ''] = await insertOrders(database.db, 1);
    await expect(issueEach([order], 'ABCD', NOVEMBER_2026)).rejects.toThrow('longer than 16');
    await expect(issueEach([order], 'CN', NOVEMBER_2026)).rejects.toThrow('cannot be CN');
    expect(await invoices.invoiceOfOrder(order)).toBeUndefined();
  });
});

describe('credit notes', () => {
  it("have their own CN series and refer to the order's invoice", async () => {
    const [order = '', uninvoiced = ''] = await insertOrders(database.db, 2);
    const [invoiceNumber] = await issueEach([order], 'CR', NOVEMBER_2026);
    const returned = taxedLine({ unitPricePaise: 49950, totalPaise: 47450, ratePercent: 5 });
    const note = await database.db.transaction((tx) =>
      invoices.issueCreditNote(tx, {
        orderId: order,
        lines: [returned],
        issuedAt: new Date('2026-12-02T11:00:00+05:30'),
      }),
    );
    expect(note).toMatchObject({
      kind: 'credit-note',
      number: expect.stringMatching(/^CN\/26-27\/\d{6}$/),
      against: { number: invoiceNumber, issuedAt: NOVEMBER_2026, totalPaise: 97900 },
      lines: [returned],
      totals: { totalPaise: 47450, taxableValuePaise: returned.taxableValuePaise },
      placeOfSupply: { code: '29', name: 'Karnataka' },
    });
    const second = await database.db.transaction((tx) =>
      invoices.issueCreditNote(tx, { orderId: order, lines: [returned] }),
    );
    const serial = (number = '') => Number(number.slice(-6));
    expect(serial(second?.number)).toBe(serial(note?.number) + 1);
    expect(await invoices.creditNotesOfOrder(order)).toEqual([note, second]);

    const none = await database.db.transaction((tx) =>
      invoices.issueCreditNote(tx, { orderId: uninvoiced, lines: [returned] }),
    );
    expect(none).toBeUndefined();
  });
});

describe('credit notes never pass the invoice', () => {
  it('refuses one that would (409) and takes no number for it, even when the caller commits', async () => {
    const [order = ''] = await insertOrders(database.db, 1);
    await issueEach([order], 'OV', NOVEMBER_2026);
    const [tee, wrap] = invoiceInput(order).lines;
    const credit = (lines: TaxedLine[]) =>
      database.db.transaction(async (tx) => {
        try {
          return await invoices.issueCreditNote(tx, { orderId: order, lines });
        } catch (error) {
          return error;
        }
      });
    const first = await credit(tee ? [tee] : []);
    const tooMuch = await credit(tee ? [tee] : []);
    expect(tooMuch).toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining('would pass invoice OV/26-27/000001'),
    });
    expect(await credit([])).toBeInstanceOf(Error);
    const rest = await credit(wrap ? [wrap] : []);
    const serial = (note: unknown) => Number((note as InvoiceDocument).number.slice(-6));
    expect(serial(rest)).toBe(serial(first) + 1);
    expect(
      (await invoices.creditNotesOfOrder(order)).map((note) => note.totals.totalPaise),
    ).toEqual([94900, 3000]);
  });
});

describe.runIf(inject('testDatabase').kind === 'postgres')('across two processes', () => {
  it('issues 100 invoices at once with 100 consecutive numbers', async () => {
    const orders = await insertOrders(database.db, 100);
    const url = await databaseUrlOf(database.db);
    const issuers = [orders.slice(0, 50), orders.slice(50)].map((orderIds) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'server/test/invoice-issuer-process.ts'],
        {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: url, ORDER_IDS: orderIds.join(',') },
          stdio: ['pipe', 'pipe', 'inherit'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      return { child, output: () => output, exited: once(child, 'exit') };
    });
    await expect
      .poll(() => issuers.every((issuer) => issuer.output().startsWith('ready\n')), {
        timeout: 30_000,
      })
      .toBe(true);
    for (const issuer of issuers) issuer.child.stdin.end('go\n');
    const exits = await Promise.all(issuers.map((issuer) => issuer.exited));
    expect(exits.map(([code]) => code)).toEqual([0, 0]);

    const numbers = issuers.flatMap(
      (issuer) => JSON.parse(issuer.output().split('\n')[1] ?? '[]') as string[],
    );
    const year = numbers[0]?.slice(3, 8);
    expect(
      numbers.map((number) => number.slice(0, 9)).every((head) => head === `TC/${year}/`),
    ).toBe(true);
    expect(numbers.map((number) => Number(number.slice(-6))).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 100 }, (_, index) => index + 1),
    );
  }, 60_000);
});
