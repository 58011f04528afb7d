/**
 * A group order of 15 members under two real shop processes on one
 * PostgreSQL database (issue 29): both sweep every 100 ms and the organiser
 * clicks 'close now' on both at once as the deadline passes; the group closes
 * exactly once, into 15 lines of the organiser's cart, and checkout makes one
 * order with the roster's sizes.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { GroupOrderSchema, type Size, successEnvelope } from '#contract';
import { cartItems } from '#server/db/schema/cart.ts';
import { groupOrders } from '#server/db/schema/group-orders.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { addAddress, checkOut } from '#server-test/checkout-fixtures.ts';
import { joinGroup, startGroup } from '#server-test/group-order-fixtures.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import {
  databaseUrlOf,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from '#server-test/processes.ts';

const MEMBERS = 15;
const ROSTER_SIZES: Size[] = ['S', 'M', 'L'];

describe.skipIf(inject('testDatabase').kind !== 'postgres')(
  'a group order closed over two processes',
  () => {
    let t: TestApp;
    let processes: ShopProcess[] = [];
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await stopShopProcesses(processes);
      await t?.close();
    });

    it(`closes a group of ${MEMBERS} exactly once into one order with the roster`, async () => {
      const { token, organiser } = await startGroup(t.app, t.db, { personalise: true });
      for (let index = 0; index < MEMBERS; index++) {
        await joinGroup(t.app, token, {
          size: ROSTER_SIZES[index % ROSTER_SIZES.length] ?? 'M',
          playerName: `P${index}`,
          number: index,
        });
      }
      processes = await startShopProcesses(2, await databaseUrlOf(t.db), {
        GROUP_ORDER_SWEEP_MS: '100',
      });

      // The deadline passes while both processes sweep, and the organiser clicks on both.
      await t.db
        .update(groupOrders)
        .set({ closesAt: new Date(Date.now() - 1000) })
        .where(eq(groupOrders.token, token));
      const clicks = await Promise.all(
        processes.map((process) =>
          fetch(`${process.base}/api/v1/group-orders/${token}/close`, {
            method: 'POST',
            headers: organiser.auth,
          }),
        ),
      );
      expect(clicks.filter((click) => click.status === 200).length).toBeLessThanOrEqual(1);
      expect(clicks.every((click) => click.status === 200 || click.status === 409)).toBe(true);

      // A later group closing shows the sweeps ran again after the first one closed.
      const marker = await startGroup(t.app, t.db);
      await t.db
        .update(groupOrders)
        .set({ closesAt: new Date(Date.now() - 1000) })
        .where(eq(groupOrders.token, marker.token));
      await vi.waitFor(
        async () => {
          const response = await fetch(`${processes[0]?.base}/api/v1/group-orders/${marker.token}`);
          const view = successEnvelope(GroupOrderSchema).parse(await response.json()).result;
          expect(view.status).toBe('closed');
        },
        { timeout: 20_000, interval: 100 },
      );

      const lines = await t.db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.userId, organiser.user._id), isNotNull(cartItems.groupEntryId)));
      expect(lines).toHaveLength(MEMBERS);
      const roster = Array.from({ length: MEMBERS }, (_, index) => `P${index}:${index}`).sort();
      expect(
        lines.map((line) => `${line.personalisation?.name}:${line.personalisation?.number}`).sort(),
      ).toEqual(roster);
      const closedMails = (await findMessagesTo(t.db, organiser.email)).filter(
        (mail) => mail.kind === 'group-closed',
      );
      expect(closedMails).toHaveLength(1);

      await addAddress(t.app, organiser);
      const order = await checkOut(t.app, organiser, 'debit-card');
      expect(order.items).toHaveLength(MEMBERS);
      expect(
        order.items
          .map((item) => `${item.personalisation?.name}:${item.personalisation?.number}`)
          .sort(),
      ).toEqual(roster);
      const sizes = order.items.map((item) => item.size).sort();
      expect(sizes).toEqual(
        Array.from({ length: MEMBERS }, (_, index) => ROSTER_SIZES[index % 3]).sort(),
      );
    }, 120_000);
  },
);
