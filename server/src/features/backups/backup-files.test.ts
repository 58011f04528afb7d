import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { backupName, listBackupFiles, pruneBackupFiles, writeBackup } from './backup-files.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'shop-backup-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sql = (text: string) => Readable.from([Buffer.from(text)]);

describe('writeBackup', () => {
  it('leaves the older backups whole and no complete-looking file when killed -9 mid-backup', async () => {
    const older = [
      await writeBackup(dir, backupName(new Date('2026-01-01T03:00:00Z')), sql('-- one\n')),
      await writeBackup(dir, backupName(new Date('2026-01-02T03:00:00Z')), sql('-- two\n')),
    ];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/test/backup-writer.ts', dir],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await expect.poll(() => output, { timeout: 30_000 }).toContain('writing');
    child.kill('SIGKILL');
    await exited;

    const names = readdirSync(dir);
    expect(names.filter((name) => name.endsWith('.sql.gz')).sort()).toEqual(
      older.map((backup) => backup.name).sort(),
    );
    expect(names.some((name) => name.endsWith('.partial'))).toBe(true);
    expect(await listBackupFiles(dir)).toEqual([...older].reverse());
    for (const [index, backup] of older.entries()) {
      const text = gunzipSync(readFileSync(join(dir, backup.name))).toString();
      expect(text).toBe(index === 0 ? '-- one\n' : '-- two\n');
    }

    // The crash's partial file goes once it is an hour old; the backups stay.
    await pruneBackupFiles(dir, 7, Date.now() + 2 * 60 * 60 * 1000);
    expect(readdirSync(dir).sort()).toEqual(older.map((backup) => backup.name).sort());
  });
});
