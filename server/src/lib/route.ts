import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type AuthLevel, type Endpoint, FailureEnvelopeSchema, successEnvelope } from '#contract';
import { forbidden, unauthorized } from './app-error.ts';
import type { AuthUser } from './auth-user.ts';
import { preferredCoding } from './content-coding.ts';
import { type CachedAnswer, normalisedKey } from './response-cache.ts';

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

type UserFor<Auth extends AuthLevel> = Auth extends 'user' | 'admin'
  ? AuthUser
  : Auth extends 'optional'
    ? AuthUser | undefined
    : undefined;

export type RouteInput<E> =
  E extends Endpoint<infer Params, infer Query, infer Body, z.ZodType, infer Auth, infer Headers>
    ? {
        params: Parsed<Params>;
        query: Parsed<Query>;
        body: Parsed<Body>;
        headers: Parsed<Headers>;
        user: UserFor<Auth>;
        request: FastifyRequest;
      }
    : never;

/** Who is calling, as the endpoint demands: 401 without a live session, 403 for a non-admin. */
async function userFor(request: FastifyRequest, auth: AuthLevel): Promise<AuthUser | undefined> {
  if (auth === 'none') return undefined;
  const user = await request.server.authenticate(request);
  if (auth === 'optional') return user;
  if (!user) throw unauthorized();
  if (auth === 'admin' && user.role !== 'admin') throw forbidden();
  return user;
}

/**
 * The onRequest hook that settles `request.user` as the auth level demands,
 * before the body is even parsed (401 comes before 400). route() uses it; a
 * route that answers something other than JSON (a file) uses it too.
 */
export function authenticateFor(auth: AuthLevel) {
  return async (request: FastifyRequest): Promise<void> => {
    request.user = await userFor(request, auth);
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | undefined;
  }
}

export interface RouteOptions {
  /** 201 for calls that create something. */
  status?: 200 | 201;
  /** A tighter per-client limit than the API-wide one, for public writes: counted exactly, across processes. */
  rateLimit?: { max: number; timeWindow: string };
  /**
   * For public reads the same for everyone: answers go out as cached bytes
   * with a strong ETag (304 on If-None-Match) and may be kept briefly by a
   * CDN. Every other answer says `private, no-store`.
   */
  cache?: { answer(key: string, compute: () => Promise<string>): Promise<CachedAnswer> };
}

/**
 * A CDN may keep a public catalogue answer for 30 s; a browser asks again
 * every time (a 304 when nothing changed), so a shopper never sees the price,
 * stock or rating from before their own review, purchase or edit.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=30';
const PERSONAL_CACHE_CONTROL = 'private, no-store';

/** If-None-Match names this ETag (or `*`); weak and strong forms compare alike (RFC 9110, 13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Registers one contract endpoint: the contract's schemas parse the request
 * and shape the response (so nothing extra leaks), and the handler's result
 * goes out in the success envelope (D2).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<z.input<E['result']>>,
  options: RouteOptions = {},
): void {
  const status = options.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.rateLimit && { config: { rateLimit: options.rateLimit } }),
    schema: {
      operationId: endpoint.name,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      ...(endpoint.headers && { headers: endpoint.headers }),
      ...(endpoint.auth !== 'none' && { security: [{ bearerAuth: [] }] }),
      response: {
        [status]: successEnvelope(endpoint.result),
        '4xx': FailureEnvelopeSchema,
        '5xx': FailureEnvelopeSchema,
      },
    },
    onRequest: authenticateFor(endpoint.auth),
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        headers: request.headers,
        user: request.user,
        request,
      };
      // The schemas above have parsed params, query, body and headers into exactly these types.
      const run = () => handler(input as unknown as RouteInput<E>);
      const { cache } = options;
      // A request that carries credentials gets a personal answer, even from a public read.
      if (!cache || request.headers.authorization) {
        reply.header('cache-control', PERSONAL_CACHE_CONTROL);
        if (!cache) return reply.code(status).send({ success: true, result: await run() });
      } else {
        reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      }
      const key = normalisedKey(endpoint.name, { params: input.params, query: input.query });
      // reply.serialize() is the route's own response serializer: the bytes are what send() would make.
      const answer = await cache.answer(key, async () =>
        String(reply.serialize({ success: true, result: await run() })),
      );
      // Bytes made above: sent as they are, past the typed envelope.
      const raw = reply as FastifyReply;
      raw.header('etag', answer.etag);
      if (matches(request.headers['if-none-match'], answer.etag)) return raw.code(304).send();
      raw.code(status).header('content-type', 'application/json; charset=utf-8');
      // A kept answer carries its compressed bytes: the compression plugin sees the
      // content-encoding and leaves them be. Other answers it compresses as usual.
      const coding = answer.encoded && preferredCoding(request.headers['accept-encoding']);
      const encoded = coding ? answer.encoded?.[coding] : undefined;
      if (!coding || !encoded) return raw.send(answer.body);
      return raw.header('content-encoding', coding).header('vary', 'accept-encoding').send(encoded);
    },
  });
}
