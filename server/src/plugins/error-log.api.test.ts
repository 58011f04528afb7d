import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { expectFailure } from '#server-test/http.ts';
import { PASSWORD } from '#server-test/users.ts';

/**
 * Error logs hold what went wrong and where, never the personal data a
 * failed query carried (issue 10, item 5). The database refuses a sign-up
 * through a check constraint this file adds to its own database: PostgreSQL
 * then reports the whole failing row, password hash included.
 */

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => lines.push(line) } });
  await t.db.execute(
    sql.raw(`alter table users add constraint refuse_test_signups
      check (email not like '%@refused.example') not valid`),
  );
});
afterAll(() => t.close());

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

it('logs a failed sign-up by error class, code and request id, without the personal data', async () => {
  const name = `Zoya ${randomUUID().slice(0, 8)} Mistry`;
  const email = `zoya-${randomUUID()}@refused.example`;
  lines.length = 0;

  const failure = await expectFailure(
    t.app,
    {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { name, email, password: PASSWORD, confirmPassword: PASSWORD },
    },
    500,
  );

  expect(failure).toEqual({
    success: false,
    message: 'Something went wrong on our side. Please try again.',
  });
  const log = lines.join('\n');
  for (const secret of [email, email.split('@')[0], name, PASSWORD, '$argon2id$']) {
    expect(log).not.toContain(secret);
  }
  const incoming = logged().find((entry) => entry.msg === 'incoming request');
  const failed = logged().find((entry) => entry.msg === 'request failed');
  expect(incoming?.reqId).toEqual(expect.any(String));
  expect(failed).toMatchObject({
    level: 50,
    reqId: incoming?.reqId,
    method: 'POST',
    url: '/api/v1/auth/signup',
    err: {
      type: 'DrizzleQueryError',
      cause: { code: '23514', table: 'users', constraint: 'refuse_test_signups' },
    },
  });
});

it('never logs a secret: a reset link token, the authorization header, cookies, passwords', async () => {
  lines.length = 0;
  const secrets = { auth: 'Bearer PROBEAUTH', cookie: 'sid=PROBECOOKIE' };
  await t.app.inject({
    url: '/reset-password?token=PROBE123&from=email',
    headers: { authorization: secrets.auth, cookie: secrets.cookie },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/reset-password',
    headers: { authorization: secrets.auth, cookie: secrets.cookie },
    payload: { token: 'PROBEBODY', password: 'PROBEPASS-1a', confirmPassword: 'PROBEPASS-1a' },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: 'probe@example.com', password: 'PROBEPASS-2b' },
  });

  const log = lines.join('\n');
  expect(log).not.toMatch(/PROBE/);
  // The request is still there to read, its secret redacted.
  expect(logged()).toContainEqual(
    expect.objectContaining({
      msg: 'incoming request',
      req: expect.objectContaining({ url: '/reset-password?token=REDACTED&from=email' }),
    }),
  );
});
