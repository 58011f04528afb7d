import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminDashboardSchema, LowStockSettingsSchema, OrderSchema } from '#contract';
import { orders } from '#server/db/schema/orders.ts';
import { createMailService } from '#server/features/mail/mail.service.ts';
import { shopDayPlus, shopDayStart } from '#server/lib/dates.ts';
import { asUser } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin, signUpAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { createLowStockAlertsService } from './low-stock-alerts.service.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(() => t.close());

const URL = '/api/v1/admin/low-stock-settings';

const alerts = () =>
  createLowStockAlertsService(t.db, {
    mail: createMailService(t.db, { smtpUrl: undefined, publicUrl: 'https://shop.example' }),
  });

/** India's `hour`:`minute` on the day `days` from today. */
const at = (days: number, hour: number, minute = 0) =>
  new Date(
    shopDayStart(shopDayPlus(new Date(), days)).getTime() + (hour * 60 + minute) * 60 * 1000,
  );

const setThreshold = (threshold: number) =>
  expectResult(
    t.app,
    asUser(admin, { method: 'PUT', url: URL, payload: { threshold } }),
    LowStockSettingsSchema,
  );

const lowStockMails = async (to: string) =>
  (await findMessagesTo(t.db, to)).filter((message) => message.kind === 'low-stock');

describe('GET and PUT /api/v1/admin/low-stock-settings', () => {
  it('answers 401 to a visitor and 403 to a shopper', async () => {
    const shopper = await signUp(t.app);
    for (const method of ['GET', 'PUT'] as const) {
      await expectFailure(t.app, { method, url: URL, payload: { threshold: 2 } }, 401);
      await expectFailure(
        t.app,
        asUser(shopper, { method, url: URL, payload: { threshold: 2 } }),
        403,
      );
    }
  });

  it('keeps the owner’s threshold, which the dashboard lists by; refuses a bad one', async () => {
    expect(await expectResult(t.app, asUser(admin, { url: URL }), LowStockSettingsSchema)).toEqual({
      threshold: 5,
    });
    expect(await setThreshold(8)).toEqual({ threshold: 8 });
    const dashboard = await expectResult(
      t.app,
      asUser(admin, { url: '/api/v1/admin/dashboard' }),
      AdminDashboardSchema,
    );
    expect(dashboard.lowStockThreshold).toBe(8);
    for (const threshold of [-1, 2.5, 'many']) {
      await expectFailure(
        t.app,
        asUser(admin, { method: 'PUT', url: URL, payload: { threshold } }),
        400,
      );
    }
    await setThreshold(5);
  });
});

describe('the daily low-stock email', () => {
  it('goes once a day from 8:00 in India, none when nothing is low, with what sold out', async () => {
    const service = alerts();
    await createProduct(t.db, { title: 'Plenty Tee', stock: { M: 50 } });
    expect(await service.sendIfDue(at(-1, 7, 59))).toEqual({ sent: 0 });
    // Nothing at 5 units or fewer: no email.
    expect(await service.sendIfDue(at(-1, 9))).toEqual({ sent: 0 });
    expect(await lowStockMails(admin.email)).toHaveLength(0);

    const scarce = await createProduct(t.db, { title: 'Scarce Tee', stock: { S: 1, M: 4 } });
    const shopper = await signUp(t.app);
    await addAddress(t.app, shopper);
    await addLine(t.app, shopper, scarce, 'S', 1);
    const sale = await expectResult(
      t.app,
      checkoutRequest(shopper, { couponCode: '' }),
      OrderSchema,
      201,
    );
    // Sold between yesterday's look and today's, on the clock these rounds are given.
    await t.db
      .update(orders)
      .set({ createdAt: at(-1, 12) })
      .where(eq(orders.id, sale._id));

    expect(await service.sendIfDue(at(0, 9))).toEqual({ sent: 1 });
    expect(await service.sendIfDue(at(0, 10))).toEqual({ sent: 0 });
    const [first, ...others] = await lowStockMails(admin.email);
    expect(others).toHaveLength(0);
    expect(first?.subject).toBe('Low stock: 2 sizes at 5 or fewer');
    expect(first?.text).toContain('Scarce Tee (S): 0 left\nScarce Tee (M): 4 left');
    expect(first?.text).toContain('Sold out since yesterday:\n\nScarce Tee (S): 0 left');
    expect(first?.text).not.toContain('Plenty Tee');

    // The next day, at the owner's new threshold; nothing sold out since the last email.
    await setThreshold(3);
    expect(await service.sendIfDue(at(1, 8))).toEqual({ sent: 1 });
    const second = (await lowStockMails(admin.email))[1];
    expect(second?.subject).toBe('Low stock: 1 size at 3 or fewer');
    expect(second?.text).toContain('Scarce Tee (S): 0 left');
    expect(second?.text).not.toContain('(M)');
    expect(second?.text).not.toContain('Sold out');
    await setThreshold(5);
  });

  it('goes once to each admin when many rounds ask at once', async () => {
    const other = await signUpAdmin(t.app, t.db, 'Second Admin');
    await createProduct(t.db, { title: 'Last One Tee', stock: { L: 1 } });
    const rounds = await Promise.all(
      Array.from({ length: 8 }, () => alerts().sendIfDue(at(10, 9))),
    );
    expect(rounds.map((round) => round.sent).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 2]);
    for (const to of [admin.email, other.email]) {
      const mails = (await lowStockMails(to)).filter((mail) => mail.text.includes('Last One Tee'));
      expect(mails).toHaveLength(1);
    }
  });
});
