import { type Mock, vi } from 'vitest';
import { API_PREFIX, type FieldError } from '#contract';

/** A success envelope (D2) as the server sends it. */
export function apiOk(result: unknown = null, status = 200): Response {
  return new Response(JSON.stringify({ success: true, result }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A failure envelope (D2) as the server sends it. */
export function apiFail(status: number, message: string, errors?: FieldError[]): Response {
  return new Response(JSON.stringify({ success: false, message, errors }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface SentRequest {
  method: string;
  /** The path under /api/v1, with its query string. */
  path: string;
  body: unknown;
  headers: Headers;
}

type Reply = Response | ((request: SentRequest) => Response | Promise<Response>);

/**
 * Stubs fetch with answers per "METHOD /path" (under /api/v1, query string
 * ignored). Every request is recorded; one nobody answers fails the test.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function mockApi(replies: Record<string, Reply>): {
  requests: SentRequest[];
  fetch: Mock<typeof fetch>;
} {
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = new URL(String(input), 'http://shop.test');
    const path = url.pathname.slice(API_PREFIX.length);
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: `${path}${url.search}`,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: new Headers(init.headers),
    };
    requests.push(request);
    const reply = replies[`${request.method} ${path}`];
    if (!reply) {
      // A console.error fails the test (testing/setup.ts), wherever the call's error ends up.
      console.error(`mockApi: no answer for ${request.method} ${path}`);
      return apiFail(501, 'Not mocked');
    }
    // A Response body can be read once: hand out a copy each time.
    return typeof reply === 'function' ? reply(request) : reply.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetch: fetchMock };
}
