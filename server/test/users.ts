import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SessionSchema } from '#contract';
import { expectResult } from './http.ts';

export const PASSWORD = 'Sup3r$ecret';

/** Signs up a new shopper with a unique email; returns the token and how to sign in again. */
export async function signUp(
  app: FastifyInstance,
  overrides: { name?: string; email?: string } = {},
) {
  const email = overrides.email ?? `shopper-${randomUUID()}@example.com`;
  const session = await expectResult(
    app,
    {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        name: overrides.name ?? 'Asha Shopper',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    },
    SessionSchema,
    201,
  );
  return {
    ...session,
    email,
    password: PASSWORD,
    auth: { authorization: `Bearer ${session.token}` },
  };
}

export type SignedUp = Awaited<ReturnType<typeof signUp>>;
