import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const folders: string[] = [];
const children: ChildProcess[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'shop-lock-'));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A refusal in these tests waits 300 ms for the owner to exit; a shop waits longer. */
const QUICK = { ownerExitWaitMs: 300 };

const lockOwnerPid = (folder: string) =>
  readFileSync(join(folder, 'shop.lock'), 'utf8').split('\n')[0];

function track(child: ChildProcess): ChildProcess {
  children.push(child);
  return child;
}

/** Another shop process that has locked the folder, as `npm start` does, and runs until killed. */
async function shopHolding(folder: string): Promise<ChildProcess> {
  const script = `
    import { lockDataDir } from ${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).href)};
    await lockDataDir(${JSON.stringify(folder)});
    process.stdout.write('locked');
    setInterval(() => {}, 1000);`;
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  await new Promise((resolve, reject) => {
    child.stdout?.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`the locking process exited with ${code}`)));
  });
  return child;
}

/** An unrelated process that runs until killed. */
async function unrelatedProcess(): Promise<ChildProcess> {
  const child = track(spawn('sleep', ['60'], { stdio: 'ignore' }));
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

describe('lockDataDir', () => {
  it('locks a folder and frees it again', async () => {
    const folder = newFolder();
    const unlock = await lockDataDir(folder);
    expect(lockOwnerPid(folder)).toBe(String(process.pid));
    unlock();
    expect(existsSync(join(folder, 'shop.lock'))).toBe(false);
  });

  it('refuses a folder a running shop process holds, saying what to do', async () => {
    const folder = newFolder();
    const shop = await shopHolding(folder);
    await expect(lockDataDir(folder, QUICK)).rejects.toThrow(
      `The data folder ${folder} is in use by another shop process (pid ${shop.pid}). Stop that process first, or set DATABASE_URL to run several processes on PostgreSQL.`,
    );
  });

  it('refuses a folder whose lock (pid only, as older shops wrote it) names a running process', async () => {
    const folder = newFolder();
    const other = await unrelatedProcess();
    writeFileSync(join(folder, 'shop.lock'), String(other.pid));
    await expect(lockDataDir(folder, QUICK)).rejects.toThrow(`(pid ${other.pid})`);
  });

  it('takes over a lock right after its shop was killed with kill -9', async () => {
    const folder = newFolder();
    const shop = await shopHolding(folder);
    shop.kill('SIGKILL');
    // No waiting for the exit: a restart comes while the killed process is still going away.
    const unlock = await lockDataDir(folder);
    expect(lockOwnerPid(folder)).toBe(String(process.pid));
    unlock();
  });

  it('takes over a lock whose pid now belongs to an unrelated process started later', async () => {
    const folder = newFolder();
    const other = await unrelatedProcess();
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    // What a shop that had this pid before (a crash, then pid reuse) left: another start time.
    writeFileSync(join(folder, 'shop.lock'), `${other.pid}\n${bootId}:1`);
    const unlock = await lockDataDir(folder, QUICK);
    expect(lockOwnerPid(folder)).toBe(String(process.pid));
    unlock();
  });

  it('takes over a lock left by a process that has ended', async () => {
    const folder = newFolder();
    const shop = await shopHolding(folder);
    shop.kill();
    await new Promise((resolve) => shop.once('exit', resolve));
    const unlock = await lockDataDir(folder, QUICK);
    expect(lockOwnerPid(folder)).toBe(String(process.pid));
    unlock();
  });
});
