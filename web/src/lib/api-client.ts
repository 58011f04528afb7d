import type { z } from 'zod';
import { API_PREFIX, type Endpoint, type FailureEnvelope, type FieldError } from '#contract';
import { clearAuthToken, getAuthToken } from './auth-token.ts';

/**
 * The only code in the web app that knows the D2 envelope: it builds the
 * request from a contract endpoint record, unwraps `result` (parsed by the
 * record's schema) or throws an {@link ApiError}.
 */

/** A failed call: the HTTP status (0 when the server was not reached), the server's message and field errors. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly fieldErrors: FieldError[];

  constructor(status: number, message: string, fieldErrors: FieldError[] = []) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
  }

  /** The server's complaint about one field, if it made one. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors.find((error) => error.field === field)?.message;
  }
}

/** True for the rejection of a call cancelled through its AbortSignal. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** A message fit to show a shopper, whatever was thrown. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}

const sessionExpiredListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the server refuses the stored token (a 401 on a
 * call that sent it): the token is already cleared by then (D14). The app
 * layer listens and sends the shopper to /login; this module knows no router.
 * Returns the unsubscribe function.
 */
export function onSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => {
    sessionExpiredListeners.delete(listener);
  };
}

/** A 401 ends the session only if the refused token is still the stored one (not after a re-login). */
function endSession(refusedToken: string): void {
  if (getAuthToken() !== refusedToken) return;
  clearAuthToken();
  for (const listener of sessionExpiredListeners) listener();
}

type OptionalKeys<T> = {
  [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? K : never;
}[keyof T];

/**
 * A query as a caller writes it: the parsed value types (lists as arrays,
 * numbers as numbers), with a key optional when the server fills a default
 * or accepts it missing.
 */
export type QueryInput<Schema extends z.ZodType> = Partial<z.output<Schema>> &
  Pick<
    z.output<Schema>,
    {
      [K in keyof z.output<Schema>]-?: K extends OptionalKeys<z.input<Schema>>
        ? never
        : undefined extends z.output<Schema>[K]
          ? never
          : K;
    }[keyof z.output<Schema>]
  >;

type IsAbsent<S> = [NonNullable<S>] extends [never] ? true : false;

type ParamsOption<S> =
  IsAbsent<S> extends true
    ? { params?: never }
    : { params: z.input<Extract<NonNullable<S>, z.ZodType>> };

type QueryOption<S> =
  IsAbsent<S> extends true
    ? { query?: never }
    : Record<never, never> extends QueryInput<Extract<NonNullable<S>, z.ZodType>>
      ? { query?: QueryInput<Extract<NonNullable<S>, z.ZodType>> }
      : { query: QueryInput<Extract<NonNullable<S>, z.ZodType>> };

type BodyOption<S> =
  IsAbsent<S> extends true
    ? { body?: never }
    : { body: z.input<Extract<NonNullable<S>, z.ZodType>> };

/** Request headers the endpoint reads (its `headers` schema), such as checkout's Idempotency-Key. */
type HeadersOption<S> =
  IsAbsent<S> extends true
    ? { headers?: never }
    : { headers?: z.input<Extract<NonNullable<S>, z.ZodType>> };

export type CallOptions<E extends Endpoint> = ParamsOption<E['params']> &
  QueryOption<E['query']> &
  BodyOption<E['body']> &
  HeadersOption<E['headers']> & {
    /** A file sent as the raw body with its own Content-Type, for calls that `consume` files. */
    file?: Blob;
    signal?: AbortSignal;
  };

/** The options argument may be left out when nothing in it is required. */
type CallArgs<E extends Endpoint> =
  Record<never, never> extends CallOptions<E>
    ? [options?: CallOptions<E>]
    : [options: CallOptions<E>];

export type EndpointResult<E extends Endpoint> = z.output<E['result']>;

type QueryValue = string | number | boolean | null | undefined | readonly QueryValue[];

/** `/product/:id` + `{ id: 'a b' }` → `/product/a%20b`. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`The path ${path} needs the parameter "${name}"`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Drops empty values and joins lists with commas, as the spec's client sends them (SPEC §7). */
export function serialiseQuery(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const value = raw as QueryValue;
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      const parts = value.filter((part) => part !== undefined && part !== null && part !== '');
      if (parts.length > 0) search.set(key, parts.join(','));
      continue;
    }
    search.set(key, String(value));
  }
  return search.toString();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isFieldError = (error: unknown): error is FieldError =>
  typeof (error as FieldError | null)?.field === 'string' &&
  typeof (error as FieldError).message === 'string';

/**
 * A failure envelope (D2) whose message can be shown. Checked by hand, not by
 * the contract's schema: the shop's answers are trusted (the server validates
 * what it sends), and zod stays out of the first load (issue 14 budgets).
 */
function isFailureEnvelope(payload: unknown): payload is FailureEnvelope {
  const body = payload as Partial<FailureEnvelope> | undefined;
  return (
    body?.success === false &&
    typeof body.message === 'string' &&
    (body.errors === undefined || (Array.isArray(body.errors) && body.errors.every(isFieldError)))
  );
}

/** A 401 with no message of its own, and the toast when the session ends. */
export const SESSION_EXPIRED_MESSAGE = 'Please log in to continue.';

function fallbackMessage(status: number): string {
  if (status === 401) return SESSION_EXPIRED_MESSAGE;
  if (status === 404) return 'We could not find what you were looking for.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'The shop is having trouble right now. Please try again shortly.';
  return 'The request could not be completed.';
}

/** Calls one /api/v1 endpoint described by its contract record and returns its parsed `result`. */
export async function apiCall<E extends Endpoint>(
  endpoint: E,
  ...[options]: CallArgs<E>
): Promise<EndpointResult<E>> {
  const {
    params,
    query,
    body,
    headers: extraHeaders,
    file,
    signal,
  } = (options ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    file?: Blob;
    headers?: Record<string, string | undefined>;
    signal?: AbortSignal;
  };

  const queryString = serialiseQuery(query);
  const url = `${API_PREFIX}${fillPath(endpoint.path, params)}${queryString ? `?${queryString}` : ''}`;

  const headers = new Headers({ Accept: 'application/json' });
  for (const [name, value] of Object.entries(extraHeaders ?? {})) {
    if (value !== undefined) headers.set(name, value);
  }
  const token = getAuthToken();
  // A public call never reads the token; without it, its answer may be kept and revalidated (decision 026).
  if (token && endpoint.auth !== 'none') headers.set('Authorization', `Bearer ${token}`);
  const init: RequestInit = { method: endpoint.method, headers, signal };
  if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  } else if (file !== undefined) {
    headers.set('Content-Type', file.type || 'application/octet-stream');
    init.body = file;
  }

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(url, init);
    payload = await readJson(response);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, 'We could not reach the shop. Check your connection and try again.');
  }

  if (!response.ok || (payload as { success?: unknown } | undefined)?.success !== true) {
    // A call without a token (a failed sign-in, say) may get a 401 too: that ends nothing.
    if (response.status === 401 && token) endSession(token);
    if (isFailureEnvelope(payload)) {
      throw new ApiError(response.status, payload.message, payload.errors ?? []);
    }
    throw new ApiError(response.status, fallbackMessage(response.status));
  }
  return (payload as { result: EndpointResult<E> }).result;
}
