import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from '#server/config/env.ts';

/**
 * Security headers for everything the shop serves. The CSP allows no inline
 * or third-party script: the token lives in localStorage (D14), and this is
 * what keeps injected script from reading it. Inline styles stay allowed for
 * the toast library's injected stylesheet.
 */
export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Shops served over plain HTTP on a local network must keep working.
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    maxAge: 600,
  });
}

/**
 * The headers helmet sets for these options. They are the same for every
 * answer, but @fastify/helmet builds helmet's middleware again on every
 * request (the CSP parsed each time: a few percent of a cached catalogue
 * read); so helmet makes them once, on a throwaway instance, and every
 * answer gets them as they are. A route may still replace one (media's CSP).
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  let headers: Record<string, string> = {};
  probe.get('/', (_request, reply) => {
    // Only helmet has written to the raw response yet.
    headers = Object.fromEntries(
      Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]),
    );
    return reply.send();
  });
  await probe.inject('/');
  await probe.close();
  return headers;
}
