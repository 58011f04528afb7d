import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { backupName, writeBackup } from '#server/features/backups/backup-files.ts';

/**
 * A child process for the kill -9 test: starts writing a backup into the
 * folder given, says "writing" once a megabyte has gone in, and never
 * finishes, waiting to be killed mid-backup.
 */
async function* neverEnding(): AsyncGenerator<Buffer> {
  yield randomBytes(1024 * 1024);
  process.stdout.write('writing\n');
  await new Promise(() => {});
}

const [dir] = process.argv.slice(2);
if (!dir) throw new Error('Usage: backup-writer.ts <dir>');
await writeBackup(dir, backupName(new Date()), Readable.from(neverEnding()));
