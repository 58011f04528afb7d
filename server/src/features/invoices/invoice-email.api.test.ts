/**
 * The order confirmation carries the order's tax invoice as a PDF (issue 26),
 * rendered when the worker sends it, read here from a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_NAME } from '#contract';
import { createMailWorker, type MailWorker } from '#server/features/mail/mail-worker.ts';
import { createSmtpMailer, type Mailer } from '#server/features/mail/mailer.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkOut } from '#server-test/checkout-fixtures.ts';
import { invoiceInput } from '#server-test/invoice-fixtures.ts';
import { pdfPagesText } from '#server-test/pdf-text.ts';
import { attachmentsOf, startTestSmtpServer, type TestSmtpServer } from '#server-test/smtp.ts';
import { signUp } from '#server-test/users.ts';
import { createInvoiceDownloadsService } from './invoice-downloads.service.ts';
import { createInvoicesService } from './invoices.service.ts';

let smtp: TestSmtpServer;
let t: TestApp;
let mailer: Mailer;
let mailWorker: MailWorker;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' } });
  mailer = createSmtpMailer(smtp.url, `${SHOP_NAME} <shop@example.com>`);
  const downloads = createInvoiceDownloadsService(t.db, { invoices: createInvoicesService(t.db) });
  mailWorker = createMailWorker(t.db, mailer, {
    pollMs: 50,
    leaseMs: 60_000,
    retryBaseMs: 1000,
    maxAttempts: 3,
    invoiceOf: downloads.invoiceFile,
  });
});
afterAll(async () => {
  mailer?.close();
  await t?.close();
  await smtp?.close();
});

/** A shopper's cash order; answers the confirmation the SMTP server received for it. */
async function confirmationOf(issueInvoice: (orderId: string) => Promise<unknown>) {
  const shopper = await signUp(t.app, { name: 'Asha Rao' });
  const productId = await createProduct(t.db, { title: 'Sunset Tee', price: 499, stock: { M: 5 } });
  await addLine(t.app, shopper, productId, 'M');
  await addAddress(t.app, shopper);
  const order = await checkOut(t.app, shopper, 'cash');
  await issueInvoice(order._id);
  const isConfirmation = (mail: TestSmtpServer['received'][number]) =>
    mail.to.includes(shopper.email) && mail.subject.includes('is confirmed');
  await mailWorker.runOnce();
  await smtp.waitUntil(() => smtp.received.some(isConfirmation), 'the confirmation');
  const mail = smtp.received.find(isConfirmation);
  if (!mail) throw new Error('No confirmation arrived');
  return mail;
}

describe('the order confirmation email', () => {
  it('carries the tax invoice as a PDF, rendered when it is sent', async () => {
    let number = '';
    const mail = await confirmationOf(async (orderId) => {
      const invoice = await t.db.transaction((tx) =>
        createInvoicesService(t.db).issueInvoice(tx, invoiceInput(orderId)),
      );
      number = invoice.number;
    });

    const attachments = attachmentsOf(mail.raw);
    expect(attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: `invoice-${number.replaceAll('/', '-')}.pdf`, contentType: 'application/pdf' },
    ]);
    const text = (await pdfPagesText(attachments[0]?.content ?? Buffer.alloc(0))).join(' ');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(number);
    expect(text).toContain('Asha Rao');
    expect(mail.text).toContain('Thank you for your order');
  });

  it('goes without an attachment while the order has no invoice', async () => {
    const mail = await confirmationOf(async () => undefined);
    expect(attachmentsOf(mail.raw)).toEqual([]);
    expect(mail.text).toContain('Thank you for your order');
  });
});
