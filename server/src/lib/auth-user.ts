import type { Role } from '#contract';

/** The signed-in user as handlers see it. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The user behind the request's bearer token, if it names a live session. */
    authenticate(request: FastifyRequest): Promise<AuthUser | undefined>;
  }
}
