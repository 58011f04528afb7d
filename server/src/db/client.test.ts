import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config/env.ts';
import { openDatabase } from './client.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-client-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** PGlite's buffers are resident memory from the start: the shop opens it with 16 MB, not 128 (issue 30). */
it('opens the embedded database with the shared buffers the configuration gives', async () => {
  const config = loadConfig({ DATA_DIR: dataDir });
  expect(config.pgliteSharedBuffersMb).toBe(16);

  const database = await openDatabase(config);
  try {
    const result = await database.db.execute(sql`show shared_buffers`);
    expect((result as unknown as { rows: { shared_buffers: string }[] }).rows).toEqual([
      { shared_buffers: '16MB' },
    ]);
  } finally {
    await database.close();
  }
}, 180_000);
