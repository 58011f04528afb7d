import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BackupListSchema, backupPath } from '#contract';
import { loadConfig } from '#server/config/env.ts';
import { openPostgres } from '#server/db/client.ts';
import { asUser, backUp } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { databaseUrlOf } from '#server-test/processes.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { backupName, listBackupFiles } from './backup-files.ts';
import { readSchedule } from './backups.repository.ts';
import { createBackupsService } from './backups.service.ts';

let t: TestApp;
let admin: SignedUp;
let backupDir: string;
beforeAll(async () => {
  backupDir = mkdtempSync(join(tmpdir(), 'shop-backups-'));
  ({ t, admin } = await createTestAppWithAdmin({
    env: { BACKUP_DIR: backupDir, BACKUP_KEEP: '2' },
  }));
});
afterAll(async () => {
  await t.close();
  rmSync(backupDir, { recursive: true, force: true });
});

const list = () =>
  expectResult(t.app, asUser(admin, { url: '/api/v1/admin/backups' }), BackupListSchema);
const download = (name: string) =>
  t.app.inject(asUser(admin, { url: `/api/v1${backupPath(name)}` }));

describe('POST /api/v1/admin/backups', () => {
  it('writes one gzip file of plain SQL holding the accounts, readable by the shop alone', async () => {
    const backup = await backUp(t.app, admin);
    expect(backup.name).toMatch(/^shop-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z\.sql\.gz$/);
    const file = statSync(join(backupDir, backup.name));
    expect(backup.bytes).toBe(file.size);
    expect(file.mode & 0o777).toBe(0o600);
    expect(Math.abs(Date.parse(backup.createdAt) - Date.now())).toBeLessThan(60_000);

    const response = await download(backup.name);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
    const sql = gunzipSync(response.rawPayload).toString('utf8');
    expect(sql).toContain('PostgreSQL database dump complete');
    expect(sql).toContain(admin.user.email);
    expect(sql).toMatch(/INSERT INTO drizzle\.__drizzle_migrations VALUES/);
    // Settings and psql guards PostgreSQL 15 rejects are gone (the embedded database is 18).
    expect(sql).not.toMatch(/^SET transaction_timeout/m);
    expect(sql).not.toMatch(/^\\(un)?restrict /m);
  });

  it('keeps the newest BACKUP_KEEP backups, listed newest first', async () => {
    const made = [
      await backUp(t.app, admin),
      await backUp(t.app, admin),
      await backUp(t.app, admin),
    ];
    const { backups, everyHours, overdue } = await list();
    expect(backups.map((backup) => backup.name)).toEqual([made[2]?.name, made[1]?.name]);
    expect(everyHours).toBe(24);
    expect(overdue).toBe(false);
    expect((await download(made[0]?.name ?? '')).statusCode).toBe(404);
  });

  it('answers 401 to a visitor and 403 to a shopper, on every backup call', async () => {
    const shopper = await signUp(t.app);
    const [newest] = (await list()).backups;
    const calls = [
      { method: 'POST' as const, url: '/api/v1/admin/backups' },
      { method: 'GET' as const, url: '/api/v1/admin/backups' },
      { method: 'GET' as const, url: `/api/v1${backupPath(newest?.name ?? '')}` },
    ];
    for (const options of calls) {
      await expectFailure(t.app, options, 401);
      await expectFailure(t.app, asUser(shopper, options), 403);
    }
  });
});

describe('GET /api/v1/admin/backups/{name}', () => {
  it('answers 404 to any name the list does not show: unknown, partial, or a path trick', async () => {
    writeFileSync(join(backupDir, '.shop-2026-01-01T000000.000Z.sql.gz.partial'), 'half');
    writeFileSync(join(backupDir, 'notes.txt'), 'not a backup');
    const names = [
      'shop-2020-01-01T000000.000Z.sql.gz',
      '.shop-2026-01-01T000000.000Z.sql.gz.partial',
      'notes.txt',
      '../../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      `../${backupDir.split('/').pop()}/notes.txt`,
    ];
    for (const name of names) {
      const response = await download(name);
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toMatchObject({ success: false });
    }
  });
});

describe('scheduled backups', () => {
  it.runIf(inject('testDatabase').kind === 'postgres')(
    'on PostgreSQL, of processes asking at once exactly one backs up, and none again until the interval has passed',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'shop-scheduled-'));
      const url = await databaseUrlOf(t.db);
      // Each its own pool, as separate processes would be: they share only the database.
      const processes = await Promise.all(Array.from({ length: 4 }, () => openPostgres(url, 2)));
      try {
        const config = loadConfig({ BACKUP_DIR: dir, BACKUP_EVERY_HOURS: '1' }).backups;
        const schedules = processes.map((database) => createBackupsService(database, config));
        const round = (at: Date) =>
          Promise.all(schedules.map((schedule) => schedule.backUpIfDue(at)));
        const start = new Date();
        const first = await round(start);
        expect(first.filter(Boolean)).toHaveLength(1);
        const notYet = await round(new Date(start.getTime() + 59 * 60 * 1000));
        expect(notYet.filter(Boolean)).toHaveLength(0);
        const next = await round(new Date(start.getTime() + 60 * 60 * 1000));
        expect(next.filter(Boolean)).toHaveLength(1);
        expect(await listBackupFiles(dir)).toHaveLength(2);
      } finally {
        await Promise.all(processes.map((database) => database.close()));
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('on either database, is due at the first round and then once per interval', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-scheduled-'));
    try {
      const config = loadConfig({ BACKUP_DIR: dir, BACKUP_EVERY_HOURS: '2' }).backups;
      const schedule = createBackupsService(t.database, config);
      const { lastBackupAt } = await readSchedule(t.db);
      const start = new Date((lastBackupAt?.getTime() ?? Date.now()) + 3 * 60 * 60 * 1000);
      expect(await schedule.backUpIfDue(start)).toMatchObject({ name: backupName(start) });
      expect(
        await schedule.backUpIfDue(new Date(start.getTime() + 60 * 60 * 1000)),
      ).toBeUndefined();
      const listed = await schedule.listBackups(new Date(start.getTime() + 5 * 60 * 60 * 1000));
      expect(listed).toMatchObject({ everyHours: 2, overdue: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
