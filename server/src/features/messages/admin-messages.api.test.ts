import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ContactMessagePageSchema,
  ContactMessageSchema,
  NewsletterSubscriberPageSchema,
} from '#contract';
import { contactMessages, newsletterSubscribers } from '#server/db/schema/messages.ts';
import { asUser } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { clientAddresses, expectFailure, expectResult } from '#server-test/http.ts';
import { findLinkTokens } from '#server-test/outbox.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { MESSAGE_NOT_FOUND } from './admin-messages.service.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Each write from its own client address: the public forms allow a few a minute per address. */
const freshAddress = clientAddresses('10.2');

async function sendMessage(message: string) {
  const email = `writer-${crypto.randomUUID()}@example.com`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    payload: { name: 'Kiran Das', email, message },
    remoteAddress: freshAddress(),
  });
  expect(response.statusCode).toBe(201);
  const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
  if (!row) throw new Error('The message was not stored');
  return row;
}

/** Subscribes, and confirms with the mailed link unless told not to. */
async function subscribe(email: string, { confirm = true } = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter',
    payload: { email },
    remoteAddress: freshAddress(),
  });
  expect(response.statusCode).toBe(201);
  if (!confirm) return;
  const [token] = await findLinkTokens(t.db, email, 'newsletter-confirm');
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/confirm',
    payload: { token },
  });
  expect(confirmed.statusCode).toBe(201);
}

const messages = (query = '') =>
  expectResult(
    t.app,
    asUser(admin, { url: `/api/v1/admin/messages?${query}` }),
    ContactMessagePageSchema,
  );

const markHandled = (id: string, payload: unknown) =>
  asUser(admin, {
    method: 'POST',
    url: `/api/v1/admin/messages/${id}/handled`,
    payload: payload as object,
  });

const csv = (user: SignedUp = admin) =>
  t.app.inject(asUser(user, { url: '/api/v1/admin/newsletter.csv' }));

describe('GET /api/v1/admin/messages', () => {
  it('lists contact messages newest first with whether each is handled', async () => {
    const older = await sendMessage('Do you ship to Pune?');
    const newer = await sendMessage('Can I print my own design?');
    const page = await messages('limit=100');
    const ids = page.results.map((message) => message._id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(page.results.find((message) => message._id === newer.id)).toEqual({
      _id: newer.id,
      name: 'Kiran Das',
      email: newer.email,
      message: 'Can I print my own design?',
      handled: false,
      handledAt: null,
      createdAt: newer.createdAt.toISOString(),
    });
    expect(page.total).toBeGreaterThanOrEqual(2);
  });

  it('filters handled and unhandled messages, and pages', async () => {
    const open = await sendMessage('Still waiting for an answer');
    const done = await sendMessage('Answered already');
    await expectResult(t.app, markHandled(done.id, { handled: true }), ContactMessageSchema);
    const unhandled = (await messages('handled=false&limit=100')).results;
    expect(unhandled.every((message) => !message.handled)).toBe(true);
    expect(unhandled.map((message) => message._id)).toContain(open.id);
    expect(unhandled.map((message) => message._id)).not.toContain(done.id);
    const handled = (await messages('handled=true&limit=100')).results;
    expect(handled.map((message) => message._id)).toContain(done.id);
    expect(handled.every((message) => message.handled)).toBe(true);

    const all = await messages('limit=100');
    const second = await messages('limit=1&page=2');
    expect(second).toMatchObject({ page: 2, limit: 1, total: all.total, pages: all.total });
    expect(second.results.map((message) => message._id)).toEqual([all.results[1]?._id]);
  });

  it('refuses a bad handled filter with 400', async () => {
    const failure = await expectFailure(
      t.app,
      asUser(admin, { url: '/api/v1/admin/messages?handled=perhaps' }),
      400,
    );
    expect(failure.message).toContain('handled must be true or false');
  });
});

describe('POST /api/v1/admin/messages/:id/handled', () => {
  it('marks a message handled, keeps its first time, and unmarks it', async () => {
    const message = await sendMessage('Please call me back');
    const handled = await expectResult(
      t.app,
      markHandled(message.id, { handled: true }),
      ContactMessageSchema,
    );
    expect(handled).toMatchObject({
      _id: message.id,
      handled: true,
      handledAt: expect.any(String),
    });
    const again = await expectResult(
      t.app,
      markHandled(message.id, { handled: true }),
      ContactMessageSchema,
    );
    expect(again.handledAt).toBe(handled.handledAt);
    const reopened = await expectResult(
      t.app,
      markHandled(message.id, { handled: false }),
      ContactMessageSchema,
    );
    expect(reopened).toMatchObject({
      handled: false,
      handledAt: null,
      message: 'Please call me back',
    });
  });

  it.each<[string, unknown]>([
    ['no handled', {}],
    ['handled as text', { handled: 'yes' }],
    ['handled as a number', { handled: 1 }],
  ])('refuses %s with 400, changing nothing', async (_, payload) => {
    const message = await sendMessage('Unchanged');
    const failure = await expectFailure(t.app, markHandled(message.id, payload), 400);
    expect(failure.errors).toContainEqual({
      field: 'handled',
      message: 'handled must be true or false',
    });
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(row?.handledAt).toBeNull();
  });

  it.each([UNKNOWN_ID, 'not-an-id'])('answers 404 for %s', async (id) => {
    const failure = await expectFailure(t.app, markHandled(id, { handled: true }), 404);
    expect(failure.message).toBe(MESSAGE_NOT_FOUND);
  });

  it('refuses a shopper with 403, changing nothing', async () => {
    const message = await sendMessage('Not for shoppers');
    const shopper = await signUp(t.app);
    await expectFailure(
      t.app,
      asUser(shopper, {
        method: 'POST',
        url: `/api/v1/admin/messages/${message.id}/handled`,
        payload: { handled: true },
      }),
      403,
    );
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(row?.handledAt).toBeNull();
  });
});

describe('GET /api/v1/admin/newsletter and newsletter.csv', () => {
  it('lists confirmed subscribers newest first, and not one who has not confirmed', async () => {
    const first = `first-${crypto.randomUUID()}@example.com`;
    const second = `second-${crypto.randomUUID()}@example.com`;
    const unconfirmed = `unconfirmed-${crypto.randomUUID()}@example.com`;
    await subscribe(first);
    await subscribe(second);
    await subscribe(unconfirmed, { confirm: false });
    const page = await expectResult(
      t.app,
      asUser(admin, { url: '/api/v1/admin/newsletter?limit=100' }),
      NewsletterSubscriberPageSchema,
    );
    const emails = page.results.map((subscriber) => subscriber.email);
    expect(emails.indexOf(second)).toBeLessThan(emails.indexOf(first));
    expect(emails.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(emails).not.toContain(unconfirmed);
    expect((await csv()).body).not.toContain(unconfirmed);
    expect(page.results.find((subscriber) => subscriber.email === first)).toEqual({
      _id: expect.any(String),
      email: first,
      createdAt: expect.any(String),
    });
  });

  it('downloads every subscriber as CSV, oldest first, with fields escaped and formulas defused', async () => {
    const plain = `csv-${crypto.randomUUID()}@example.com`;
    await subscribe(plain);
    // Rows that could only come from elsewhere (an import, an old form): the file must still be sound.
    const odd = [
      `"quoted"-${crypto.randomUUID()}@example.com`,
      `comma,${crypto.randomUUID()}@example.com`,
      `line\nbreak-${crypto.randomUUID()}@example.com`,
      `=HYPERLINK("http://evil.example")-${crypto.randomUUID()}`,
      `+91-${crypto.randomUUID()}@example.com`,
    ];
    for (const email of odd) {
      await t.db.insert(newsletterSubscribers).values({ email, confirmedAt: new Date() });
    }

    const response = await csv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.body;
    expect(body.startsWith('email,subscribed_at\r\n')).toBe(true);
    expect(body.endsWith('\r\n')).toBe(true);

    const rows = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(isNotNull(newsletterSubscribers.confirmedAt));
    const at = (email: string) => rows.find((row) => row.email === email)?.createdAt.toISOString();
    expect(body).toContain(`\r\n${plain},${at(plain)}\r\n`);
    expect(body).toContain(`\r\n"${odd[0]?.replaceAll('"', '""')}",${at(odd[0] as string)}\r\n`);
    expect(body).toContain('\r\n"""quoted""-');
    expect(body).toContain(`\r\n"${odd[1]}",${at(odd[1] as string)}\r\n`);
    expect(body).toContain(`\r\n"${odd[2]}",${at(odd[2] as string)}\r\n`);
    expect(body).toContain(`\r\n"'${odd[3]?.replaceAll('"', '""')}",${at(odd[3] as string)}\r\n`);
    expect(body).toContain(`\r\n'${odd[4]},${at(odd[4] as string)}\r\n`);
    // One line per subscriber (a line break inside quotes is part of its field), oldest first.
    const lines = body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(rows.length);
    expect(lines.indexOf(`${plain},${at(plain)}`)).toBeLessThan(
      lines.indexOf(`"${odd[1]}",${at(odd[1] as string)}`),
    );
  });

  it('refuses a shopper and a visitor', async () => {
    const shopper = await signUp(t.app);
    const forbidden = await csv(shopper);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ success: false, message: 'You are not allowed to do that' });
    const visitor = await t.app.inject('/api/v1/admin/newsletter.csv');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ success: false });
  });
});
