/**
 * PostgreSQL crashing under write load (issue 23): two shop processes reach
 * the database through a TCP proxy, shoppers keep writing in transactions,
 * and the proxy destroys every connection at once, as `pg_ctl -m immediate
 * stop` does. Connections checked out for a transaction die too; the
 * processes live on, answer 503 while the database is gone and serve again
 * once it is back.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { addAddress } from '#server-test/checkout-fixtures.ts';
import {
  databaseUrlOf,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from '#server-test/processes.ts';
import { startTcpProxy, type TcpProxy } from '#server-test/tcp-proxy.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

/** More writers than both processes' pools hold connections, so every connection is busy. */
const WRITERS = 24;
/** Writes each process must have committed before the crash, so the load is real. */
const WRITES_BEFORE_CRASH = 50;
/** How long a condition may take on a busy machine before the test gives up. */
const WAIT_MS = 20_000;

describe.skipIf(inject('testDatabase').kind !== 'postgres')(
  'PostgreSQL crashing under write load',
  () => {
    let t: TestApp;
    let proxy: TcpProxy;
    let processes: ShopProcess[] = [];
    beforeAll(async () => {
      t = await createTestApp();
      const direct = new URL(await databaseUrlOf(t.db));
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port) });
      const proxied = new URL(direct);
      proxied.host = `127.0.0.1:${proxy.port}`;
      processes = await startShopProcesses(2, proxied.toString());
    });
    afterAll(async () => {
      await proxy.restore();
      await stopShopProcesses(processes);
      await proxy.close();
      await t.close();
    });

    /** Each shopper selects their own address again and again (a locking transaction), on both processes. */
    function startWriting(shoppers: { user: SignedUp; addressId: string }[]) {
      const statuses: number[] = [];
      const refused: string[] = [];
      let running = true;
      const writers = shoppers.map(async ({ user, addressId }, index) => {
        const shop = processes[index % processes.length] as ShopProcess;
        while (running) {
          try {
            const response = await fetch(`${shop.base}/api/v1/address/selecte/${addressId}`, {
              method: 'PUT',
              headers: user.auth,
            });
            await response.arrayBuffer();
            statuses.push(response.status);
          } catch (error) {
            // A process that died refuses the connection: the failure this test looks for.
            refused.push((error as Error).message);
            return;
          }
        }
      });
      return {
        statuses,
        refused,
        stop: async () => {
          running = false;
          await Promise.all(writers);
        },
      };
    }

    const healthOf = async (shop: ShopProcess) =>
      (await fetch(`${shop.base}/api/v1/health`)).status;

    it('every process lives on: 503 while the database is gone, 200 once it is back', async () => {
      const shoppers = await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          const user = await signUp(t.app);
          return { user, addressId: (await addAddress(t.app, user))._id };
        }),
      );
      const load = startWriting(shoppers);
      await expect
        .poll(() => load.statuses.filter((status) => status === 200).length, { timeout: WAIT_MS })
        .toBeGreaterThanOrEqual(WRITES_BEFORE_CRASH * processes.length);

      await proxy.cut();
      const answeredBeforeCrash = load.statuses.length;
      // Until every writer has had answers without the database, or a process died.
      const unavailable = () =>
        load.statuses.slice(answeredBeforeCrash).filter((status) => status === 503).length;
      await expect
        .poll(() => load.refused.length > 0 || unavailable() >= WRITERS, { timeout: WAIT_MS })
        .toBe(true);
      await load.stop();

      for (const shop of processes) {
        expect(/^.*Unhandled 'error' event.*$/m.exec(shop.output())?.[0]).toBeUndefined();
      }
      expect(load.refused).toEqual([]);
      for (const shop of processes) {
        expect(await healthOf(shop)).toBe(503);
      }
      expect(new Set(load.statuses)).toEqual(new Set([200, 503]));

      await proxy.restore();
      for (const shop of processes)
        await expect.poll(() => healthOf(shop), { timeout: WAIT_MS }).toBe(200);
      const after = startWriting(shoppers.slice(0, processes.length));
      await expect
        .poll(() => after.statuses.filter((status) => status === 200).length, { timeout: WAIT_MS })
        .toBeGreaterThanOrEqual(processes.length);
      await after.stop();
      expect(after.refused).toEqual([]);
    });
  },
);
