import { loadConfig } from '#server/config/env.ts';
import { openDatabase } from '#server/db/client.ts';
import {
  type CreateAdminInput,
  CreateAdminInputSchema,
  type CreateAdminOutcome,
  createOrPromoteAdmin,
} from '#server/features/admin/create-admin.ts';
import { readFlags, usageError } from '#server/lib/command-line.ts';
import { runMain } from '#server/lib/run-main.ts';

/**
 * `npm run admin:create`: makes the shop's first admin (D25), or any other,
 * on the database the shop is configured with (DATA_DIR or DATABASE_URL). It
 * migrates first, so it works on a new data folder; a running shop holding
 * the embedded database makes it stop with a message.
 */
const USAGE = `Usage: npm run admin:create -- --email <email> [--password <password>] [--name <name>]

Creates an admin account, or makes the existing account with this email an admin.
  --email     the account's email (any case)
  --password  needed for a new account; for an existing one, replaces its password
              and signs it out everywhere. 8+ characters with upper and lower case
              letters, a number and a symbol (@$!%*?#&)
  --name      the name shown in the shop (new accounts: "Shop Owner")

Uses DATA_DIR (default ./data) or DATABASE_URL, like npm start. Stop a shop running
on the same DATA_DIR first.`;

/** What was done, in a sentence: '… (password set, other sessions ended).' */
function report(outcome: CreateAdminOutcome, input: CreateAdminInput): string {
  const changes = [
    input.password ? 'password set, other sessions ended' : '',
    input.name ? `name set to ${input.name}` : '',
  ].filter(Boolean);
  switch (outcome) {
    case 'created':
      return `Created the admin account ${input.email}.`;
    case 'promoted':
      return `Made ${input.email} an admin${changes.length > 0 ? ` (${changes.join('; ')})` : ''}.`;
    case 'updated':
      return `${input.email} was already an admin${changes.length > 0 ? `; ${changes.join('; ')}` : ': nothing changed'}.`;
  }
}

async function main(argv: string[]): Promise<number> {
  const command = readFlags(
    argv,
    { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    USAGE,
  );
  if (command.exitCode !== undefined) return command.exitCode;
  const values = command.flags;
  if (values.email === undefined) return usageError('--email is required.', USAGE);
  const parsed = CreateAdminInputSchema.safeParse({
    email: values.email,
    password: values.password,
    name: values.name,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      console.error(`--${issue.path.join('.')}: ${issue.message}`);
    return 1;
  }
  const input = parsed.data;

  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    const outcome = await createOrPromoteAdmin(database.db, input);
    console.log(report(outcome, input));
    console.log('Sign in with it at /login; the admin API is under /api/v1/admin.');
  } finally {
    await database.close();
  }
  return 0;
}

runMain(() => main(process.argv.slice(2)));
