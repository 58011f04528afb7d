import { resolve } from 'node:path';
import { loadConfig } from '#server/config/env.ts';
import { openDatabase } from '#server/db/client.ts';
import { restoreBackup } from '#server/db/restore.ts';
import { readFlags, usageError } from '#server/lib/command-line.ts';
import { runMain } from '#server/lib/run-main.ts';

/**
 * `npm run restore`: loads a backup into the database the shop is configured
 * with (DATA_DIR or DATABASE_URL), then applies any migrations newer than the
 * backup. With DATABASE_URL set it moves an embedded shop to PostgreSQL
 * (README, "Moving to PostgreSQL").
 */
const USAGE = `Usage: npm run restore -- --from <backup.sql.gz> [--force]

Loads a backup (from BACKUP_DIR, or downloaded from /admin) into an empty database:
DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data).
  --from   the backup file (.sql.gz, or plain .sql)
  --force  delete what the target holds first, instead of refusing it

Stop a shop running on the same DATA_DIR first.`;

async function main(argv: string[]): Promise<number> {
  const command = readFlags(argv, { from: { type: 'string' }, force: { type: 'boolean' } }, USAGE);
  if (command.exitCode !== undefined) return command.exitCode;
  const values = command.flags;
  if (!values.from) return usageError('--from is required.', USAGE);
  const config = loadConfig();
  const from = resolve(values.from);
  await restoreBackup({ ...config, from, force: values.force ?? false });
  const database = await openDatabase(config);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const target = config.databaseUrl ? 'DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  console.log(`Restored ${from} into ${target}; the shop can start on it.`);
  return 0;
}

runMain(() => main(process.argv.slice(2)));
