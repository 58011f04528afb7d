/**
 * `npm run admin:create`, run as the owner runs it: a child process on a
 * fresh data folder (the embedded database) or a fresh PostgreSQL database,
 * whichever this test project runs on.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AdminDashboardSchema, PASSWORD_MESSAGE, SessionSchema } from '#contract';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/env.ts';
import { type DatabaseHandle, openDatabase, openPostgres } from '#server/db/client.ts';
import { accountsAccess } from '#server/features/auth/auth.service.ts';
import { withDatabase } from '#server-test/global-setup.ts';
import { call, expectResult } from '#server-test/http.ts';
import { PASSWORD, signUp } from '#server-test/users.ts';
import { PASSWORD_NEEDED } from './create-admin.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const target = inject('testDatabase');
const NEW_PASSWORD = 'N3w$ecretPass';

interface Place {
  /** The environment the shop and the command read. */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

/** A brand-new, unmigrated place for the shop's data: a data folder, or an empty database. */
async function newPlace(): Promise<Place> {
  if (target.kind === 'pglite') {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'shop-admin-cli-')), 'data');
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ databaseUrl: undefined, dataDir }),
      remove: async () => rmSync(join(dataDir, '..'), { recursive: true, force: true }),
    };
  }
  const name = `shop_cli_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = withDatabase(target.url, name);
  return {
    env: { DATABASE_URL: url },
    open: async () => openPostgres(url, 2),
    remove: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** Runs `npm run admin:create -- <args>` and answers its exit code and output. */
function adminCreate(place: Place, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...place.env, LOG_LEVEL: 'silent' };
  if (!place.env.DATABASE_URL) delete env.DATABASE_URL;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'admin:create', '--', ...args],
      { cwd: ROOT, env, timeout: 150_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The shop on that place, for as long as `work` runs. */
async function withShop<T>(
  place: Place,
  work: (shop: {
    app: Awaited<ReturnType<typeof buildApp>>;
    database: DatabaseHandle;
  }) => Promise<T>,
) {
  const database = await place.open();
  await database.migrate();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    database,
  });
  try {
    return await work({ app, database });
  } finally {
    await app.close();
    await database.close();
  }
}

const login = (app: Awaited<ReturnType<typeof buildApp>>, email: string, password: string) =>
  call(app, { method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

let place: Place;
beforeAll(async () => {
  place = await newPlace();
});
afterAll(() => place.remove());

// Each case starts Node.js and opens the database more than once: seconds each, more on a busy machine.
describe('npm run admin:create', { timeout: 180_000 }, () => {
  it('migrates a new database and creates an admin who can sign in and use the admin API', async () => {
    const result = await adminCreate(place, [
      '--email',
      'Owner@Example.com',
      '--password',
      PASSWORD,
      '--name',
      'Meera Rao',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Created the admin account owner@example.com.');

    await withShop(place, async ({ app, database }) => {
      const user = await accountsAccess().findUserByEmail(database.db, 'OWNER@example.com');
      expect(user).toMatchObject({ name: 'Meera Rao', email: 'owner@example.com', role: 'admin' });
      const session = await login(app, 'owner@example.com', PASSWORD);
      expect(session.status).toBe(200);
      const { token, user: me } = SessionSchema.parse(session.body.result);
      expect(me.role).toBe('admin');
      await expectResult(
        app,
        { url: '/api/v1/admin/dashboard', headers: { authorization: `Bearer ${token}` } },
        AdminDashboardSchema,
      );
    });
  });

  it('promotes an existing shopper, found in any case, keeping their password and sessions', async () => {
    const email = `promote-${randomBytes(4).toString('hex')}@example.com`;
    const token = await withShop(place, async ({ app }) => {
      const shopper = await signUp(app, { email });
      const refused = await call(app, { url: '/api/v1/admin/dashboard', headers: shopper.auth });
      expect(refused.status).toBe(403);
      return shopper.token;
    });

    const result = await adminCreate(place, ['--email', email.toUpperCase()]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Made ${email} an admin.`);

    await withShop(place, async ({ app, database }) => {
      expect((await accountsAccess().findUserByEmail(database.db, email))?.role).toBe('admin');
      const dashboard = await call(app, {
        url: '/api/v1/admin/dashboard',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(dashboard.status).toBe(200);
      expect((await login(app, email, PASSWORD)).status).toBe(200);
    });
  });

  it('sets a new password for an existing account, ending its sessions', async () => {
    const email = `reset-${randomBytes(4).toString('hex')}@example.com`;
    const token = await withShop(place, async ({ app }) => (await signUp(app, { email })).token);

    const result = await adminCreate(place, ['--email', email, '--password', NEW_PASSWORD]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Made ${email} an admin (password set, other sessions ended).`);

    await withShop(place, async ({ app }) => {
      const old = await call(app, {
        url: '/api/v1/admin/dashboard',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(old.status).toBe(401);
      expect((await login(app, email, PASSWORD)).status).toBe(401);
      expect((await login(app, email, NEW_PASSWORD)).status).toBe(200);
    });

    const again = await adminCreate(place, ['--email', email]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`${email} was already an admin: nothing changed.`);
  });

  it('refuses bad input with exit code 1 and a message, creating nothing', async () => {
    const cases: [string[], string][] = [
      [
        ['--email', 'weak@example.com', '--password', 'password1'],
        `--password: ${PASSWORD_MESSAGE}`,
      ],
      [['--email', 'not-an-email', '--password', PASSWORD], '--email: Invalid Email format'],
      [['--password', PASSWORD], '--email is required.'],
      [['--email', 'x@example.com', '--admin'], "Unknown option '--admin'"],
      [['--email', 'nopassword@example.com'], PASSWORD_NEEDED],
    ];
    for (const [args, message] of cases) {
      const result = await adminCreate(place, args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr, args.join(' ')).toContain(message);
      expect(result.stdout, args.join(' ')).toBe('');
    }
    await withShop(place, async ({ database }) => {
      for (const email of [
        'weak@example.com',
        'not-an-email',
        'x@example.com',
        'nopassword@example.com',
      ]) {
        expect(await accountsAccess().findUserByEmail(database.db, email)).toBeUndefined();
      }
    });
  });

  it.runIf(target.kind === 'pglite')(
    'refuses while a running shop holds the embedded database, and works once it stops',
    async () => {
      const database = await place.open();
      try {
        const result = await adminCreate(place, [
          '--email',
          'locked@example.com',
          '--password',
          PASSWORD,
        ]);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain('is in use by another shop process');
        expect(result.stderr).toContain(`(pid ${process.pid})`);
        expect(
          await accountsAccess().findUserByEmail(database.db, 'locked@example.com'),
        ).toBeUndefined();
      } finally {
        await database.close();
      }
      const after = await adminCreate(place, [
        '--email',
        'locked@example.com',
        '--password',
        PASSWORD,
      ]);
      expect(after.code, after.stderr).toBe(0);
    },
  );
});
