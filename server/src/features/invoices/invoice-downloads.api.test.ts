/**
 * How an order's tax documents reach people (issue 26): the list and the PDFs
 * for the order's shopper and admins, a 404 for anyone else; the owner's
 * monthly GSTR-1 ZIP. Documents are issued here through the invoices service.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDIT_NOTE_NOT_FOUND,
  NO_INVOICE_MESSAGE,
  type Order,
  OrderDocumentsSchema,
} from '#contract';
import { ORDER_NOT_FOUND } from '#server/features/orders/orders.messages.ts';
import { asUser } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkOut } from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { invoiceInput } from '#server-test/invoice-fixtures.ts';
import { pdfPagesText } from '#server-test/pdf-text.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { unzipCsvs } from '#server-test/zipped-csv.ts';
import { createInvoicesService, type InvoicesService } from './invoices.service.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createTestAppWithAdmin>>['admin'];
let invoices: InvoicesService;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  invoices = createInvoicesService(t.db);
});
afterAll(() => t?.close());

/** A shopper's cash order of one tee, placed through checkout. */
async function placeOrder(): Promise<{ shopper: SignedUp; order: Order }> {
  const shopper = await signUp(t.app, { name: 'Asha Rao' });
  const productId = await createProduct(t.db, { title: 'Sunset Tee', price: 499, stock: { M: 5 } });
  await addLine(t.app, shopper, productId, 'M');
  await addAddress(t.app, shopper);
  return { shopper, order: await checkOut(t.app, shopper, 'cash') };
}

const issueInvoice = (orderId: string, issuedAt?: Date) =>
  t.db.transaction((tx) =>
    invoices.issueInvoice(tx, { ...invoiceInput(orderId), ...(issuedAt && { issuedAt }) }),
  );

const issueCreditNote = (orderId: string) =>
  t.db.transaction((tx) =>
    invoices.issueCreditNote(tx, { orderId, lines: invoiceInput(orderId).lines.slice(0, 1) }),
  );

const get = (user: { auth: { authorization: string } } | undefined, url: string) =>
  t.app.inject(user ? asUser(user, { method: 'GET', url }) : { method: 'GET', url });

async function pdfText(response: LightMyRequestResponse): Promise<string> {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['cache-control']).toBe('private, no-store');
  return (await pdfPagesText(response.rawPayload)).join(' ');
}

describe("an order's invoice", () => {
  it('is listed and downloads as a PDF for its shopper and for admins', async () => {
    const { shopper, order } = await placeOrder();
    const invoice = await issueInvoice(order._id);

    const documents = await expectResult(
      t.app,
      asUser(shopper, { method: 'GET', url: `/api/v1/order/${order._id}/documents` }),
      OrderDocumentsSchema,
    );
    expect(documents).toEqual({
      invoice: {
        number: invoice.number,
        issuedAt: invoice.issuedAt.toISOString(),
        total: invoice.totals.totalPaise / 100,
      },
      creditNotes: [],
    });

    for (const user of [shopper, admin]) {
      const response = await get(user, `/api/v1/order/${order._id}/invoice`);
      const text = await pdfText(response);
      expect(text).toContain('TAX INVOICE');
      expect(text).toContain(invoice.number);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="invoice-${invoice.number.replaceAll('/', '-')}.pdf"`,
      );
    }
  });

  it('is a 404 for another shopper, as the order itself is, and a 401 without a session', async () => {
    const { order } = await placeOrder();
    await issueInvoice(order._id);
    const stranger = await signUp(t.app);
    for (const path of ['documents', 'invoice']) {
      const failure = await expectFailure(
        t.app,
        asUser(stranger, { method: 'GET', url: `/api/v1/order/${order._id}/${path}` }),
        404,
      );
      expect(failure.message).toBe(ORDER_NOT_FOUND);
      await expectFailure(t.app, { method: 'GET', url: `/api/v1/order/${order._id}/${path}` }, 401);
    }
    for (const id of ['not-an-id', crypto.randomUUID()]) {
      const failure = await expectFailure(
        t.app,
        asUser(admin, { method: 'GET', url: `/api/v1/order/${id}/invoice` }),
        404,
      );
      expect(failure.message).toBe(ORDER_NOT_FOUND);
    }
  });

  it('is a 404 saying so while the order has none', async () => {
    const { shopper, order } = await placeOrder();
    const documents = await expectResult(
      t.app,
      asUser(shopper, { method: 'GET', url: `/api/v1/order/${order._id}/documents` }),
      OrderDocumentsSchema,
    );
    expect(documents).toEqual({ invoice: null, creditNotes: [] });
    const failure = await expectFailure(
      t.app,
      asUser(shopper, { method: 'GET', url: `/api/v1/order/${order._id}/invoice` }),
      404,
    );
    expect(failure.message).toBe(NO_INVOICE_MESSAGE);
  });
});

describe("an order's credit notes", () => {
  it('are listed and download by their number, for the shopper and admins alone', async () => {
    const { shopper, order } = await placeOrder();
    const invoice = await issueInvoice(order._id);
    const note = await issueCreditNote(order._id);
    if (!note) throw new Error('No credit note was issued');

    const documents = await expectResult(
      t.app,
      asUser(admin, { method: 'GET', url: `/api/v1/order/${order._id}/documents` }),
      OrderDocumentsSchema,
    );
    expect(documents.creditNotes).toEqual([
      {
        number: note.number,
        issuedAt: note.issuedAt.toISOString(),
        total: note.totals.totalPaise / 100,
      },
    ]);

    const slug = note.number.replaceAll('/', '-');
    for (const user of [shopper, admin]) {
      const response = await get(user, `/api/v1/order/${order._id}/credit-notes/${slug}`);
      const text = await pdfText(response);
      expect(text).toContain('CREDIT NOTE');
      expect(text).toContain(note.number);
      expect(text).toContain(invoice.number);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="credit-note-${slug}.pdf"`,
      );
    }

    const stranger = await signUp(t.app);
    const hidden = await expectFailure(
      t.app,
      asUser(stranger, { method: 'GET', url: `/api/v1/order/${order._id}/credit-notes/${slug}` }),
      404,
    );
    expect(hidden.message).toBe(ORDER_NOT_FOUND);
    // Another order's credit note is not this order's, nor is its invoice.
    const other = await placeOrder();
    await issueInvoice(other.order._id);
    for (const number of [invoice.number, 'CN-26-27-999999', slug]) {
      const failure = await expectFailure(
        t.app,
        asUser(admin, {
          method: 'GET',
          url: `/api/v1/order/${other.order._id}/credit-notes/${number.replaceAll('/', '-')}`,
        }),
        404,
      );
      expect(failure.message).toBe(CREDIT_NOTE_NOT_FOUND);
    }
  });
});

describe("the owner's GSTR-1 report", () => {
  it("is a ZIP of the month's documents for admins", async () => {
    const { order } = await placeOrder();
    const invoice = await issueInvoice(order._id, new Date('2030-05-10T12:00:00+05:30'));

    const response = await get(admin, '/api/v1/admin/reports/gst?month=2030-05');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="gstr1-2030-05.zip"',
    );
    const csvs = unzipCsvs(response.rawPayload);
    expect(csvs['docs.csv']?.rows).toEqual([
      expect.objectContaining({
        'Sr. No. From': invoice.number,
        'Sr. No. To': invoice.number,
        'Total Number': '1',
      }),
    ]);
  });

  it('is refused to shoppers, and asks for a month as YYYY-MM', async () => {
    const shopper = await signUp(t.app);
    await expectFailure(
      t.app,
      asUser(shopper, { method: 'GET', url: '/api/v1/admin/reports/gst?month=2030-05' }),
      403,
    );
    for (const query of ['', '?month=2030-13', '?month=2030-5', '?month=May%202030']) {
      const failure = await expectFailure(
        t.app,
        asUser(admin, { method: 'GET', url: `/api/v1/admin/reports/gst${query}` }),
        400,
      );
      expect(failure.message).toMatch(/month/);
    }
  });
});
