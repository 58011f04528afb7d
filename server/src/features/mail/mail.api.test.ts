/**
 * The shop's email (D29, D32): each event writes its message to the outbox in
 * its own transaction; the worker delivers it to a real SMTP server running in
 * this process, retries with back-off, and gives up as 'failed'; the owner
 * reads all of it in /admin → Outbox.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AdminOrderSchema,
  HELD_NO_MAIL_SERVER,
  OrderSchema,
  OutboxMessageSchema,
  OutboxPageSchema,
  SHOP_NAME,
} from '#contract';
import { outboxMessages } from '#server/db/schema/mail.ts';
import { REDACTED } from '#server/lib/secrets.ts';
import { asUser } from '#server-test/admin-fixtures.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import { startTestSmtpServer, type TestSmtpServer } from '#server-test/smtp.ts';
import { signUp } from '#server-test/users.ts';
import { welcomeEmail } from './account-emails.ts';
import { claimDueMessages } from './mail.repository.ts';
import { createMailService } from './mail.service.ts';
import { createMailWorker } from './mail-worker.ts';
import { createSmtpMailer } from './mailer.ts';

const PUBLIC_URL = 'https://shop.example';
const WORKER = { pollMs: 50, leaseMs: 60_000, retryBaseMs: 1000, maxAttempts: 3 };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ env: { PUBLIC_URL, ...env } });
  cleanups.push(() => t.close());
  return t;
}

async function smtp(options: { reject?: boolean } = {}): Promise<TestSmtpServer> {
  const server = await startTestSmtpServer(options);
  cleanups.push(() => server.close());
  return server;
}

function worker(t: TestApp, server: TestSmtpServer) {
  const mailer = createSmtpMailer(server.url, `${SHOP_NAME} <shop@example.com>`);
  cleanups.push(async () => mailer.close());
  return createMailWorker(t.db, mailer, WORKER);
}

/** Places an order of one tee (₹499, size M) to a fresh address. */
async function placeOrder(t: TestApp, user: Awaited<ReturnType<typeof signUp>>) {
  const productId = await createProduct(t.db, { title: 'Sunset Tee', price: 499, stock: { M: 5 } });
  await addLine(t.app, user, productId, 'M', 2);
  await addAddress(t.app, user);
  return expectResult(t.app, checkoutRequest(user), OrderSchema, 201);
}

const kindsTo = async (t: TestApp, email: string) =>
  (await findMessagesTo(t.db, email)).map((message) => message.kind);

describe('the outbox without a mail server', () => {
  it('holds every email an event writes, saying why it was not sent', async () => {
    const t = await app();
    const admin = await signUpAdmin(t.app, t.db);
    const shopper = await signUp(t.app, { name: 'Asha Rao' });
    const order = await placeOrder(t, shopper);
    for (const status of ['shipped', 'delivered']) {
      await expectResult(
        t.app,
        asUser(admin, {
          method: 'POST',
          url: `/api/v1/admin/orders/${order._id}/status`,
          payload: { status },
        }),
        AdminOrderSchema,
      );
    }
    const cancelled = await placeOrder(t, shopper);
    await expectResult(
      t.app,
      { method: 'POST', url: `/api/v1/order/${cancelled._id}/cancel`, headers: shopper.auth },
      OrderSchema,
    );

    const messages = await findMessagesTo(t.db, shopper.email);
    expect(messages.map((message) => message.kind)).toEqual([
      'welcome',
      'order-placed',
      'order-shipped',
      'order-delivered',
      'order-placed',
      'order-cancelled',
    ]);
    for (const message of messages) {
      expect(message).toMatchObject({
        status: 'held',
        attempts: 0,
        lastError: HELD_NO_MAIL_SERVER,
      });
    }
    const [, placed, , delivered, , cancel] = messages;
    // ₹998 of lines less the new cart's MAX500, 2.5% (D10).
    expect(placed?.text).toContain('Total: ₹973.05');
    expect(placed?.text).toContain(`${PUBLIC_URL}/order/${order._id}`);
    expect(delivered?.text).toMatch(/return or exchange items until \w+day, \d+ \w+ \d{4}/);
    expect(cancel?.text).toContain('Nothing was charged for this order.');
  });

  it('writes a message in the transaction of its event: rolled back with it, it never existed', async () => {
    const t = await app();
    const mail = createMailService(t.db, { smtpUrl: undefined, publicUrl: PUBLIC_URL });
    const to = { name: 'Ravi', email: `ravi-${crypto.randomUUID()}@example.com` };
    await expect(
      t.db.transaction(async (tx) => {
        await mail.enqueue(tx, welcomeEmail(to, PUBLIC_URL));
        throw new Error('the event failed after its email was written');
      }),
    ).rejects.toThrow('the event failed');
    expect(await kindsTo(t, to.email)).toEqual([]);
  });

  it('writes no confirmation for a checkout that fails, and no welcome for a refused sign-up', async () => {
    const t = await app();
    const shopper = await signUp(t.app);
    const productId = await createProduct(t.db, { stock: { M: 1 } });
    await addLine(t.app, shopper, productId, 'M');
    // No delivery address: the checkout is refused and rolled back.
    await expectFailure(t.app, checkoutRequest(shopper), 400);
    await expectFailure(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: {
          name: 'Someone Else',
          email: shopper.email,
          password: shopper.password,
          confirmPassword: shopper.password,
        },
      },
      409,
    );
    expect(await kindsTo(t, shopper.email)).toEqual(['welcome']);
  });

  it('welcomes without the sign-up name: anyone can sign up any address with any name (issue 23)', async () => {
    const t = await app();
    const name = 'Claim your prize at evil.example';
    const shopper = await signUp(t.app, { name });
    const [welcome] = await findMessagesTo(t.db, shopper.email);
    expect(welcome?.kind).toBe('welcome');
    expect(welcome?.text).toContain('Hello,');
    for (const part of [welcome?.subject, welcome?.text, welcome?.html]) {
      expect(part).not.toContain('evil.example');
    }
  });
});

describe('GET /api/v1/admin/outbox', () => {
  it('lists messages newest first, pages and filters them, and shows one as rendered', async () => {
    const t = await app();
    const admin = await signUpAdmin(t.app, t.db);
    const shoppers = [];
    for (let index = 0; index < 3; index++) shoppers.push(await signUp(t.app));

    const page = await expectResult(
      t.app,
      asUser(admin, { url: '/api/v1/admin/outbox?limit=2&status=held' }),
      OutboxPageSchema,
    );
    // The admin's own welcome and the three shoppers'.
    expect(page).toMatchObject({ total: 4, page: 1, pages: 2, limit: 2 });
    expect(page.results.map((message) => message.recipient)).toEqual([
      shoppers[2]?.email,
      shoppers[1]?.email,
    ]);
    expect(page.results[0]).toMatchObject({
      subject: `Welcome to ${SHOP_NAME}`,
      kind: 'welcome',
      status: 'held',
      attempts: 0,
      lastError: HELD_NO_MAIL_SERVER,
      sentAt: null,
    });
    const none = await expectResult(
      t.app,
      asUser(admin, { url: '/api/v1/admin/outbox?status=sent' }),
      OutboxPageSchema,
    );
    expect(none.total).toBe(0);

    const id = page.results[0]?._id ?? '';
    const message = await expectResult(
      t.app,
      asUser(admin, { url: `/api/v1/admin/outbox/${id}` }),
      OutboxMessageSchema,
    );
    expect(message.text).toContain('Hello,');
    expect(message.html).toContain('<p style="margin:0 0 16px">Hello,</p>');
  });

  it("shows a password-reset link with its token redacted: an admin cannot take a shopper's account", async () => {
    const t = await app();
    const admin = await signUpAdmin(t.app, t.db);
    const shopper = await signUp(t.app);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: shopper.email },
    });
    expect(forgot.statusCode).toBe(200);
    const stored = (await findMessagesTo(t.db, shopper.email)).find(
      (row) => row.kind === 'password-reset',
    );
    const token = stored?.text.match(/token=([^\s&]+)/)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);

    const message = await expectResult(
      t.app,
      asUser(admin, { url: `/api/v1/admin/outbox/${stored?.id}` }),
      OutboxMessageSchema,
    );
    for (const part of [message.text, message.html]) {
      expect(part).not.toContain(token);
      expect(part).toContain(`${PUBLIC_URL}/reset-password?token=${REDACTED}`);
    }
    // The email itself keeps its link: the shopper gets a working one.
    expect(stored?.html).toContain(token);
  });

  it('answers 401 without a session, 403 to a shopper, 404 for an unknown message, 400 for a bad query', async () => {
    const t = await app();
    const admin = await signUpAdmin(t.app, t.db);
    const shopper = await signUp(t.app);
    await expectFailure(t.app, { url: '/api/v1/admin/outbox' }, 401);
    await expectFailure(t.app, asUser(shopper, { url: '/api/v1/admin/outbox' }), 403);
    await expectFailure(
      t.app,
      asUser(shopper, { url: `/api/v1/admin/outbox/${crypto.randomUUID()}` }),
      403,
    );
    for (const id of [crypto.randomUUID(), 'not-an-id']) {
      const failure = await expectFailure(
        t.app,
        asUser(admin, { url: `/api/v1/admin/outbox/${id}` }),
        404,
      );
      expect(failure.message).toBe('Message not found');
    }
    const bad = await expectFailure(
      t.app,
      asUser(admin, { url: '/api/v1/admin/outbox?status=lost' }),
      400,
    );
    expect(bad.errors?.[0]?.field).toBe('status');
  });
});

describe('the delivery worker', () => {
  it('delivers a message to the SMTP server once, with its text and HTML parts, and marks it sent', async () => {
    const server = await smtp();
    const t = await app({ SMTP_URL: server.url });
    const shopper = await signUp(t.app, { name: 'Meera Iyer' });
    const [pending] = await findMessagesTo(t.db, shopper.email);
    expect(pending).toMatchObject({ kind: 'welcome', status: 'pending', attempts: 0 });

    const mailWorker = worker(t, server);
    expect(await mailWorker.runOnce()).toBe(1);
    expect(await mailWorker.runOnce()).toBe(0);
    const [mail] = await server.waitFor(1);
    expect(mail?.to).toEqual([shopper.email]);
    expect(mail?.subject).toBe(`Welcome to ${SHOP_NAME}`);
    expect(mail?.text).toContain('Hello,');
    expect(mail?.text).toContain(`Start shopping: ${PUBLIC_URL}/products`);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/i);
    const [sent] = await findMessagesTo(t.db, shopper.email);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent?.sentAt).toBeInstanceOf(Date);
    expect(server.received).toHaveLength(1);
  });

  it('retries a refused message with exponential back-off, then marks it failed', async () => {
    const server = await smtp({ reject: true });
    const t = await app({ SMTP_URL: server.url });
    const shopper = await signUp(t.app);
    const mailWorker = worker(t, server);
    const messageOf = async () => {
      const [row] = await findMessagesTo(t.db, shopper.email);
      if (!row) throw new Error('no message');
      return row;
    };
    // The retry times are the row's: each round moves them into the past rather than waiting.
    const makeDue = async () =>
      t.db
        .update(outboxMessages)
        .set({ nextAttemptAt: new Date(Date.now() - 1) })
        .where(eq(outboxMessages.recipient, shopper.email));

    // The wait starts when the attempt failed, somewhere between `before` and `after`:
    // the measured span holds the delay however slow the round was.
    const waits: { atLeast: number; atMost: number }[] = [];
    for (let attempt = 1; attempt <= WORKER.maxAttempts; attempt++) {
      await makeDue();
      const before = Date.now();
      await mailWorker.runOnce();
      const after = Date.now();
      const row = await messageOf();
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toMatch(/550/);
      const nextAttemptAt = row.nextAttemptAt.getTime();
      waits.push({ atLeast: nextAttemptAt - after, atMost: nextAttemptAt - before });
      expect(row.status).toBe(attempt < WORKER.maxAttempts ? 'pending' : 'failed');
      // Not due yet: nothing to do until the back-off has passed.
      if (row.status === 'pending') expect(await mailWorker.runOnce()).toBe(0);
    }
    for (const [index, delay] of [WORKER.retryBaseMs, 2 * WORKER.retryBaseMs].entries()) {
      expect(waits[index]?.atLeast).toBeLessThanOrEqual(delay);
      expect(waits[index]?.atMost).toBeGreaterThanOrEqual(delay);
    }
    expect(server.dataCount()).toBe(WORKER.maxAttempts);
    // A failed message is never tried again.
    await makeDue();
    expect(await mailWorker.runOnce()).toBe(0);

    const admin = await signUpAdmin(t.app, t.db);
    const failed = await expectResult(
      t.app,
      asUser(admin, { url: '/api/v1/admin/outbox?status=failed' }),
      OutboxPageSchema,
    );
    expect(failed.results).toEqual([
      expect.objectContaining({ recipient: shopper.email, status: 'failed', attempts: 3 }),
    ]);
  });

  it('leaves a message claimed by another worker alone until its lease is over, then delivers it once', async () => {
    const server = await smtp();
    const t = await app({ SMTP_URL: server.url });
    const shopper = await signUp(t.app);
    // A worker claims the message and dies before sending it.
    const now = new Date();
    const [claimed] = await claimDueMessages(t.db, {
      now,
      leaseUntil: new Date(now.getTime() + 60_000),
      limit: 10,
    });
    expect(claimed).toMatchObject({ recipient: shopper.email, status: 'sending', attempts: 1 });

    const mailWorker = worker(t, server);
    expect(await mailWorker.runOnce()).toBe(0);
    await t.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1) })
      .where(eq(outboxMessages.recipient, shopper.email));
    expect(await mailWorker.runOnce()).toBe(1);
    await server.waitFor(1);
    expect(await findMessagesTo(t.db, shopper.email)).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 2 }),
    ]);
  });

  it('stops between messages: what it claimed and did not send goes back to be sent at once', async () => {
    const server = await smtp();
    const t = await app({ SMTP_URL: server.url });
    for (let index = 0; index < 3; index++) await signUp(t.app);
    server.acceptDelayMs = 300;
    const mailWorker = worker(t, server);
    mailWorker.start();
    await server.waitUntil(() => server.dataCount() >= 1, 'the first message');
    await mailWorker.stop();
    const rows = await t.db.select().from(outboxMessages);
    expect(rows.map((row) => row.status).sort()).toEqual(['pending', 'pending', 'sent']);
    for (const row of rows.filter((each) => each.status === 'pending')) {
      expect(row.attempts).toBe(0);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });
});
