/**
 * Back-in-stock alerts under two real shop processes on one PostgreSQL
 * database (D30, D33): the owner restocks the same sold-out size through
 * both at once, again and again, and every request is emailed exactly once.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ProductSchema, type Size } from '#contract';
import { restockBody } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { expectResult } from '#server-test/http.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import {
  databaseUrlOf,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from '#server-test/processes.ts';
import { startTestSmtpServer, type TestSmtpServer } from '#server-test/smtp.ts';
import { confirmLastStockAlert } from '#server-test/stock-alerts.ts';
import type { SignedUp } from '#server-test/users.ts';

const REQUESTS = 6;
const ROUNDS = 5;

describe.skipIf(inject('testDatabase').kind !== 'postgres')('two shop processes', () => {
  let t: TestApp;
  let server: TestSmtpServer;
  let admin: SignedUp;
  let processes: ShopProcess[] = [];
  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin());
    server = await startTestSmtpServer();
  });
  afterAll(async () => {
    await stopShopProcesses(processes);
    await server?.close();
    await t?.close();
  });

  it('email each back-in-stock request exactly once, however many restock at once', async () => {
    const id = await createProduct(t.db, { title: 'Twice Tee', stock: { S: 0, M: 3 } });
    const product = await expectResult(t.app, `/api/v1/product/${id}`, ProductSchema);
    const emails = Array.from(
      { length: REQUESTS },
      (_, index) => `alert-${index}-${crypto.randomUUID()}@example.com`,
    );
    processes = await startShopProcesses(2, await databaseUrlOf(t.db), {
      SMTP_URL: server.url,
      MAIL_POLL_MS: '20',
    });
    const [first, second] = processes;
    if (!first || !second) throw new Error('no processes');

    // Half the requests through each process.
    for (const [index, email] of emails.entries()) {
      const base = (index % 2 === 0 ? first : second).base;
      const response = await fetch(`${base}/api/v1/product/${id}/stock-alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ size: 'S', email }),
      });
      expect(response.status).toBe(201);
      // A guest's request is kept once its mailed link is followed (double opt-in).
      await confirmLastStockAlert(t.app, t.db, email);
    }

    const setStock = (base: string, sizes: Partial<Record<Size, number>>) =>
      fetch(`${base}/api/v1/admin/products/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...admin.auth },
        body: JSON.stringify(restockBody(product, sizes)),
      });
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all([
        setStock(first.base, { S: 2 + round, M: 3 }),
        setStock(second.base, { S: 3 + round, M: 3 }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    }

    // Each address gets its confirmation link, then its back-in-stock email.
    await server.waitFor(REQUESTS * 2, 30_000);
    // A moment for a duplicate, if there were one, to arrive too.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const arrived = server.received.filter(
      (mail) => mail.subject === 'Twice Tee in size S is back',
    );
    expect(arrived).toHaveLength(REQUESTS);
    for (const email of emails) {
      const queued = await findMessagesTo(t.db, email);
      expect(queued.map((message) => message.kind)).toEqual([
        'stock-alert-confirm',
        'back-in-stock',
      ]);
    }
  });
});
