import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '#server/features/auth/auth.service.ts';
import '#server/lib/auth-user.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

/** Reads `Authorization: Bearer <token>` (SPEC §6) into a user, for route() to demand. */
export function registerAuth(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', undefined);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    return token ? auth.authenticate(token) : undefined;
  });
}
