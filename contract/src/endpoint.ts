import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, anyone (the user is read when a token comes), a signed-in user, an admin. */
export type AuthLevel = 'none' | 'optional' | 'user' | 'admin';

/**
 * One /api/v1 call: the server registers its route from this record and the
 * web app builds its fetcher from it, so method, path and shapes cannot drift.
 * `path` is relative to /api/v1 and uses `:name` for path parameters.
 */
export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Result extends z.ZodType = z.ZodType,
  Auth extends AuthLevel = AuthLevel,
  Headers extends z.ZodType | undefined = z.ZodType | undefined,
> {
  name: string;
  method: HttpMethod;
  path: string;
  tag: string;
  summary: string;
  auth: Auth;
  params?: Params;
  query?: Query;
  body?: Body;
  /** Request headers the call reads; keys in lower case, as Node.js delivers them. */
  headers?: Headers;
  /** Media types of a raw request body (a file's bytes, not JSON), when the call takes one. */
  consumes?: readonly string[];
  /** Media type of an answer that is a file download instead of the JSON envelope. */
  produces?: string;
  result: Result;
}

export function defineEndpoint<
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Result extends z.ZodType = z.ZodType,
  Auth extends AuthLevel = AuthLevel,
  Headers extends z.ZodType | undefined = undefined,
>(endpoint: Endpoint<Params, Query, Body, Result, Auth, Headers>) {
  return endpoint;
}

export const API_PREFIX = '/api/v1';
