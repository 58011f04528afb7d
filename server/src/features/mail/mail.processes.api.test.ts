/**
 * The outbox under real shop processes on one PostgreSQL database (issue 13):
 * two workers deliver every message exactly once, and a worker killed with
 * kill -9 while holding claims loses nothing: after its lease, the other
 * process delivers what it held.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { outboxMessages } from '#server/db/schema/mail.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import {
  databaseUrlOf,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from '#server-test/processes.ts';
import { startTestSmtpServer, type TestSmtpServer } from '#server-test/smtp.ts';
import { createMailService } from './mail.service.ts';

const PUBLIC_URL = 'https://shop.example';

/** Writes `total` messages in one transaction, so every worker finds them due at once. */
async function enqueueMessages(t: TestApp, prefix: string, total: number): Promise<void> {
  const mail = createMailService(t.db, { smtpUrl: 'smtp://unused', publicUrl: PUBLIC_URL });
  await t.db.transaction(async (tx) => {
    for (let index = 0; index < total; index++) {
      await mail.enqueue(tx, {
        kind: 'welcome',
        to: `${prefix}-${index}@example.com`,
        subject: `${prefix} ${index}`,
        text: `Message ${index}`,
        html: `<p>Message ${index}</p>`,
      });
    }
  });
}

/** How many times each subject arrived, for the subjects starting with the prefix. */
function arrivals(server: TestSmtpServer, prefix: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of server.received) {
    if (mail.subject.startsWith(prefix))
      counts.set(mail.subject, (counts.get(mail.subject) ?? 0) + 1);
  }
  return counts;
}

const countByStatus = async (t: TestApp, status: 'sending' | 'sent') => {
  const [row] = await t.db
    .select({ total: count() })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, status));
  return row?.total ?? 0;
};

describe.skipIf(inject('testDatabase').kind !== 'postgres')('two shop processes', () => {
  let t: TestApp;
  let server: TestSmtpServer;
  const processes: ShopProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    server = await startTestSmtpServer();
  });
  afterAll(async () => {
    await stopShopProcesses(processes);
    await server?.close();
    await t?.close();
  });

  it('deliver each of 200 messages exactly once', async () => {
    const started = await startShopProcesses(2, await databaseUrlOf(t.db), {
      SMTP_URL: server.url,
      MAIL_POLL_MS: '20',
    });
    processes.push(...started);
    const total = 200;
    await enqueueMessages(t, 'Twice', total);
    await server.waitFor(total, 60_000);
    // A moment for a duplicate, if there were one, to arrive too.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const counts = arrivals(server, 'Twice');
    expect(counts.size).toBe(total);
    expect([...counts.values()].every((times) => times === 1)).toBe(true);
    expect(server.received).toHaveLength(total);
    expect(await countByStatus(t, 'sent')).toBe(total);
    await stopShopProcesses(started);
    processes.length = 0;
  });

  it('lose nothing when one is killed with kill -9 while holding claims', async () => {
    const databaseUrl = await databaseUrlOf(t.db);
    const leaseMs = 4000;
    const env = { SMTP_URL: server.url, MAIL_POLL_MS: '50', MAIL_LEASE_MS: String(leaseMs) };
    const [doomed] = await startShopProcesses(1, databaseUrl, env);
    if (!doomed) throw new Error('no process');
    processes.push(doomed);
    const before = server.received.length;
    const dataBefore = server.dataCount();
    // The mail server takes its time to accept: the worker is mid-batch when it dies.
    server.acceptDelayMs = 2000;
    const total = 30;
    await enqueueMessages(t, 'Killed', total);
    await server.waitUntil(() => server.dataCount() > dataBefore, 'the first message in flight');
    await doomed.kill();
    processes.splice(processes.indexOf(doomed), 1);
    // Its first batch: claimed, one of them in flight, none accepted by the mail server.
    expect(await countByStatus(t, 'sending')).toBe(10);

    server.acceptDelayMs = 0;
    const [survivor] = await startShopProcesses(1, databaseUrl, env);
    if (!survivor) throw new Error('no process');
    processes.push(survivor);
    await server.waitFor(before + total, leaseMs + 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const counts = arrivals(server, 'Killed');
    expect(counts.size).toBe(total);
    expect([...counts.values()].every((times) => times === 1)).toBe(true);
    expect(await countByStatus(t, 'sending')).toBe(0);
  });
});
