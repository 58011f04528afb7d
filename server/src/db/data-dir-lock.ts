import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a start waits for a lock's owner that is still exiting (a kill -9 takes about a second). */
const OWNER_EXIT_WAIT_MS = 3_000;
const POLL_MS = 100;

interface LockOwner {
  pid: number;
  /** Boot id and start time of the process; absent in locks written without /proc. */
  identity: string | undefined;
}

/**
 * PGlite has no lock between processes, and two of them on one data folder
 * corrupt it. A lock file names its owner by pid and by boot id + start time
 * (Linux's /proc), so a lock is taken over when its owner has ended, is a
 * zombie, or its pid now belongs to another process (pids are reused after a
 * crash or a reboot). An owner that is still exiting gets a few seconds.
 */
export async function lockDataDir(
  dataDir: string,
  { ownerExitWaitMs = OWNER_EXIT_WAIT_MS } = {},
): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'shop.lock');
  const deadline = Date.now() + ownerExitWaitMs;
  const me = [String(process.pid), processIdentity(process.pid)].filter(Boolean).join('\n');
  for (;;) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, me);
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockPath);
    if (!owner || !isRunning(owner)) {
      rmSync(lockPath, { force: true });
    } else if (Date.now() >= deadline) {
      throw new Error(
        `The data folder ${dataDir} is in use by another shop process (pid ${owner.pid}). ` +
          'Stop that process first, or set DATABASE_URL to run several processes on PostgreSQL.',
      );
    } else {
      await sleep(POLL_MS);
    }
  }
}

/** The lock's owner: its pid on the first line (all older locks have), its identity on the second. */
function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const [pid = '', identity] = readFileSync(lockPath, 'utf8').split('\n');
    return { pid: Number.parseInt(pid, 10), identity: identity || undefined };
  } catch (error) {
    // Its owner removed it in between: the next attempt takes it.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isRunning(owner: LockOwner): boolean {
  const { pid } = owner;
  // Our own pid in a lock is a lock from an earlier run (a container restarts with the same pid).
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = readStat(pid);
  // Without /proc (not Linux) a live pid is all there is to go by.
  if (!stat) return true;
  // Z: ended, waiting for its parent to notice; X: being removed.
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return owner.identity === undefined || owner.identity === processIdentity(pid);
}

/** Fields of /proc/<pid>/stat after the command name, which may itself hold spaces and parentheses. */
function readStat(pid: number): { state: string; startTicks: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Field 3 is the state and field 22 the start time (clock ticks after boot): see proc(5).
    return { state: fields[0] ?? '', startTicks: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

/** Boot id + start time: unlike a pid, never shared by two processes, even across reboots. */
function processIdentity(pid: number): string | undefined {
  const stat = readStat(pid);
  if (!stat) return undefined;
  try {
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${bootId}:${stat.startTicks}`;
  } catch {
    return undefined;
  }
}
