import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { createTestApp, type TestAppOptions } from './app.ts';
import { signUp } from './users.ts';

/** Signs up a new user and makes them an admin, as `npm run admin:create` would (D25). */
export async function signUpAdmin(app: FastifyInstance, db: Database, name = 'Owner Admin') {
  const admin = await signUp(app, { name, email: `admin-${crypto.randomUUID()}@example.com` });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user._id));
  return { ...admin, user: { ...admin.user, role: 'admin' as const } };
}

/** A test file's own app with an admin in it: `({ t, admin } = await createTestAppWithAdmin())`. */
export async function createTestAppWithAdmin(options?: TestAppOptions) {
  const t = await createTestApp(options);
  return { t, admin: await signUpAdmin(t.app, t.db) };
}
