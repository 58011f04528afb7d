import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'shop-lock-'));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Another process that holds the lock file until it is killed. */
async function otherProcessHolding(folder: string) {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  writeFileSync(join(folder, 'shop.lock'), String(child.pid));
  return child;
}

describe('lockDataDir', () => {
  it('locks a folder and frees it again', () => {
    const folder = newFolder();
    const unlock = lockDataDir(folder);
    expect(readFileSync(join(folder, 'shop.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(existsSync(join(folder, 'shop.lock'))).toBe(false);
  });

  it('refuses a folder another running process holds, saying what to do', async () => {
    const folder = newFolder();
    const child = await otherProcessHolding(folder);
    try {
      expect(() => lockDataDir(folder)).toThrow(
        `The data folder ${folder} is in use by another shop process (pid ${child.pid}). Stop that process first, or set DATABASE_URL to run several processes on PostgreSQL.`,
      );
    } finally {
      child.kill();
    }
  });

  it('takes over a lock left by a process that has ended', async () => {
    const folder = newFolder();
    const child = await otherProcessHolding(folder);
    child.kill();
    await new Promise((resolve) => child.once('exit', resolve));
    const unlock = lockDataDir(folder);
    expect(readFileSync(join(folder, 'shop.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
  });
});
