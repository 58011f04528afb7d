import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import {
  databaseUrlOf,
  SHOP_COMPILED,
  startShopProcesses,
  stopShopProcesses,
} from '#server-test/processes.ts';
import { buildServer } from '../../scripts/build-server.ts';

/**
 * `npm start` runs the server compiled into one module (issue 30): it starts,
 * answers, and says in one line where it listens and on which database.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe.skipIf(inject('testDatabase').kind !== 'postgres')('the compiled server', () => {
  it('answers health and says in one line where it listens and which database it uses', async () => {
    expect(await buildServer()).toBe(true);
    const databaseUrl = await databaseUrlOf(t.db);
    const [shop] = await startShopProcesses(1, databaseUrl, { LOG_FORMAT: 'json' }, SHOP_COMPILED);
    if (!shop) throw new Error('No shop process');
    try {
      const health = await fetch(`${shop.base}/api/v1/health`);
      expect(health.status).toBe(200);
      const url = new URL(databaseUrl);
      const startLines = shop
        .output()
        .split('\n')
        .filter((line) => line.includes('listening at'));
      expect(startLines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
        `Shop listening at ${shop.base}, on PostgreSQL at ${url.host}${url.pathname}`,
      ]);
    } finally {
      await stopShopProcesses([shop]);
    }
  }, 120_000);
});
