import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Backup } from '#contract';

/** shop-2026-11-27T030000.000Z.sql.gz: the instant the backup was taken, in UTC, sortable as text. */
const BACKUP_NAME = /^shop-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})Z\.sql\.gz$/;

/** A backup being written: hidden, and not ending in .sql.gz, so nothing takes it for a backup. */
const PARTIAL_NAME = /^\.shop-.*\.partial$/;

/** A partial file nobody has written to for this long was left by a crash. */
const ABANDONED_PARTIAL_MS = 60 * 60 * 1000;

export function backupName(at: Date): string {
  const [date, time] = at.toISOString().split('T');
  return `shop-${date}T${time?.replaceAll(':', '')}`.replace(/Z$/, 'Z.sql.gz');
}

function createdAt(name: string): string | undefined {
  const match = BACKUP_NAME.exec(name);
  if (!match) return undefined;
  const [, date, hours, minutes, seconds, millis] = match;
  return `${date}T${hours}:${minutes}:${seconds}.${millis}Z`;
}

/**
 * Writes the SQL, gzip-compressed, to a hidden temporary file, flushes it to
 * disk and only then renames it to its name (then flushes the folder, so the
 * rename survives a power cut): a crash at any point leaves the finished
 * backups and no file that looks complete. Readable by the shop's user only.
 */
export async function writeBackup(dir: string, name: string, sql: Readable): Promise<Backup> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const partial = join(dir, `.${name}.partial`);
  try {
    await pipeline(sql, createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    await syncToDisk(partial);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, join(dir, name));
  await syncToDisk(dir);
  const { size } = await stat(join(dir, name));
  return { name, bytes: size, createdAt: createdAt(name) ?? new Date().toISOString() };
}

/** fsync: a file's bytes, or a folder's names, are on disk when it returns. */
async function syncToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The backups in the folder, newest first; a folder not made yet has none. */
export async function listBackupFiles(dir: string): Promise<Backup[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const backups: Backup[] = [];
  for (const name of names.sort().reverse()) {
    const at = createdAt(name);
    if (!at) continue;
    const { size } = await stat(join(dir, name));
    backups.push({ name, bytes: size, createdAt: at });
  }
  return backups;
}

/** Deletes all but the newest `keep` backups, and partial files a crash abandoned. */
export async function pruneBackupFiles(dir: string, keep: number, now = Date.now()): Promise<void> {
  const backups = await listBackupFiles(dir);
  for (const old of backups.slice(keep)) await rm(join(dir, old.name), { force: true });
  for (const name of await readdir(dir)) {
    if (!PARTIAL_NAME.test(name)) continue;
    const { mtimeMs } = await stat(join(dir, name));
    if (now - mtimeMs > ABANDONED_PARTIAL_MS) await rm(join(dir, name), { force: true });
  }
}

/** A backup's bytes, for one of the names the list shows; undefined for any other name. */
export async function openBackupFile(
  dir: string,
  name: string,
): Promise<{ backup: Backup; stream: Readable } | undefined> {
  const backup = (await listBackupFiles(dir)).find((listed) => listed.name === name);
  if (!backup) return undefined;
  return { backup, stream: createReadStream(join(dir, backup.name)) };
}
