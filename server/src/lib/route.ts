import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type AuthLevel, type Endpoint, FailureEnvelopeSchema, successEnvelope } from '#contract';
import { forbidden, unauthorized } from './app-error.ts';
import type { AuthUser } from './auth-user.ts';
import { preferredCoding } from './content-coding.ts';
import { type CachedAnswer, normalisedKey, type ResponseCache } from './response-cache.ts';

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

export interface RouteOptions<E extends Endpoint = Endpoint> {
  /** 201 for calls that create something. */
  status?: 200 | 201;
  /** A tighter per-client limit than the API-wide one, for public writes: counted exactly, across processes. */
  rateLimit?: { max: number; timeWindow: string };
  /**
   * For public reads the same for everyone: answers go out as cached bytes
   * with a strong ETag (304 on If-None-Match) and may be kept briefly by a
   * CDN. Every other answer says `private, no-store`.
   */
  cache?: AnswerCache;
  /**
   * With `cache`: the tags of what an answer shows, so that a change to other
   * things keeps it (decision 026). Without: any change forgets it.
   */
  tags?: (input: RouteInput<E>, result: z.input<E['result']>) => string[];
}

/** Where route() keeps public answers (a ResponseCache). */
export type AnswerCache = Pick<ResponseCache, 'answer' | 'cached'>;

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

/** How many request URLs each cached route remembers the key of, and the longest it remembers. */
const URL_KEYS_PER_ROUTE = 5_000;
const URL_KEY_MAX_LENGTH = 512;

/**
 * The cache key each URL parsed to, so that a URL answered before is looked
 * up without parsing its query again (the same URL always parses to the same
 * key). Bounded (a few MB a route at most, outside the cache's byte budget):
 * past URL_KEYS_PER_ROUTE the oldest is forgotten, and longer URLs take the
 * parse every time.
 */
function urlKeysFor(cache: AnswerCache) {
  const keys = new Map<string, string>();
  return {
    cache,
    get: (url: string) => keys.get(url),
    set(url: string, key: string) {
      if (keys.has(url) || url.length > URL_KEY_MAX_LENGTH) return;
      if (keys.size >= URL_KEYS_PER_ROUTE) keys.delete(keys.keys().next().value as string);
      keys.set(url, key);
    },
  };
}

/** Sends a cached answer's bytes: its ETag (304 when the client has it), compressed once when kept. */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  answer: CachedAnswer,
): FastifyReply {
  // A request that carries credentials gets a personal answer, even from a public read.
  reply.header(
    'cache-control',
    request.headers.authorization ? PERSONAL_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
  );
  reply.header('etag', answer.etag);
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.code(status).header('content-type', 'application/json; charset=utf-8');
  // A kept answer carries its compressed bytes, made once: the compression
  // plugin sees the content-encoding and leaves them be. Other answers it
  // compresses as usual.
  const coding = answer.encodedAs && preferredCoding(request.headers['accept-encoding']);
  const encoded = coding ? answer.encodedAs?.(coding) : undefined;
  if (!coding || !encoded) return reply.send(answer.body);
  return reply.header('content-encoding', coding).header('vary', 'accept-encoding').send(encoded);
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
  options: RouteOptions<E> = {},
): void {
  const status = options.status ?? 200;
  const cachedUrls = options.cache && urlKeysFor(options.cache);
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
    // A public read settles no user: no hook to run.
    ...(endpoint.auth !== 'none' && { onRequest: authenticateFor(endpoint.auth) }),
    // A URL answered before is answered from memory before its query is parsed again.
    ...(cachedUrls && {
      preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
        const key = cachedUrls.get(request.url);
        const answer = key === undefined ? undefined : await cachedUrls.cache.cached(key);
        if (answer) return sendCached(request, reply, status, answer);
      },
    }),
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
      const typed = input as unknown as RouteInput<E>;
      const run = () => handler(typed);
      if (!cachedUrls) {
        reply.header('cache-control', PERSONAL_CACHE_CONTROL);
        return reply.code(status).send({ success: true, result: await run() });
      }
      const key = normalisedKey(endpoint.name, { params: input.params, query: input.query });
      // reply.serialize() is the route's own response serializer: the bytes are what send() would make.
      const answer = await cachedUrls.cache.answer(key, async () => {
        const result = await run();
        return {
          json: String(reply.serialize({ success: true, result })),
          ...(options.tags && { tags: options.tags(typed, result) }),
        };
      });
      cachedUrls.set(request.url, key);
      return sendCached(request, reply as FastifyReply, status, answer);
    },
  });
}

/** A file a route answers with: its bytes (or a stream of them), media type and name. */
export interface FileAnswer {
  body: Buffer | Uint8Array | string | NodeJS.ReadableStream;
  contentType: string;
  fileName: string;
  /** Known up front for a stream (a backup on disk); Fastify counts the rest. */
  bytes?: number;
}

/**
 * Registers a contract endpoint that answers a file (its `produces` media
 * type) instead of the JSON envelope: the contract's schemas parse the
 * request, the auth level is route()'s, failures are still the envelope, and
 * the file goes out as a private attachment.
 */
export function fileRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<FileAnswer>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      operationId: endpoint.name,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.auth !== 'none' && { security: [{ bearerAuth: [] }] }),
      response: {
        200: {
          description: 'The file, as an attachment',
          content: { [`${endpoint.produces}`]: { schema: endpoint.result } },
        },
        '4xx': FailureEnvelopeSchema,
        '5xx': FailureEnvelopeSchema,
      },
    },
    ...(endpoint.auth !== 'none' && { onRequest: authenticateFor(endpoint.auth) }),
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        headers: request.headers,
        user: request.user,
        request,
      };
      // The schemas above have parsed params and query into exactly these types.
      const file = await handler(input as unknown as RouteInput<E>);
      if (file.bytes !== undefined) reply.header('content-length', file.bytes);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', PERSONAL_CACHE_CONTROL)
        .send(file.body);
    },
  });
}
