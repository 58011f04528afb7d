import type { z } from 'zod';
import { type LoginBodySchema, login as loginEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** POST /api/v1/auth/login: a session for the email and password (`remeberMe` per D1). */
export function login(body: z.input<typeof LoginBodySchema>) {
  return apiCall(loginEndpoint, { body });
}
