import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, getProduct, getProductFilters, listProducts } from '#contract';
import { makeProduct } from '#web/testing/data.ts';
import { ApiError, apiCall, fillPath, onSessionExpired, serialiseQuery } from './api-client.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

type FetchMock = Mock<typeof fetch>;

let fetchMock: FetchMock;

function reply(status: number, payload: unknown, init: ResponseInit = {}): Response {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return new Response(body, {
    status,
    headers: { 'content-type': 'application/json' },
    ...init,
  });
}

/** The URL and init of the only fetch call. */
function sentRequest(): { url: URL; init: RequestInit; headers: Headers } {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [input, init = {}] = fetchMock.mock.calls[0] ?? [];
  return {
    url: new URL(String(input), 'http://shop.test'),
    init,
    headers: new Headers(init.headers),
  };
}

const filters = {
  sizes: ['S', 'M'],
  categories: ['T-Shirts'],
  genders: ['Men'],
  priceStats: { minPrice: 499, maxPrice: 1499 },
};

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiCall: the request', () => {
  it('uses the endpoint method and /api/v1 path, and serialises the query with lists comma-joined', async () => {
    fetchMock.mockResolvedValue(
      reply(200, {
        success: true,
        result: { results: [], total: 0, page: 1, pages: 0, limit: 10 },
      }),
    );

    await apiCall(listProducts, {
      query: { sortBy: 'newest', limit: 10, size: ['S', 'M'], gender: [], search: undefined },
    });

    const { url, init } = sentRequest();
    expect(init.method).toBe('GET');
    expect(url.pathname).toBe('/api/v1/product');
    expect([...url.searchParams]).toEqual([
      ['sortBy', 'newest'],
      ['limit', '10'],
      ['size', 'S,M'],
    ]);
    expect(init.body).toBeUndefined();
  });

  it('fills and encodes path parameters', async () => {
    const product = makeProduct({ _id: 'a/b c' });
    fetchMock.mockResolvedValue(reply(200, { success: true, result: product }));

    await apiCall(getProduct, { params: { id: 'a/b c' } });

    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/product/a%2Fb%20c');
  });

  it('sends a JSON body with its content type', async () => {
    const renameThing = defineEndpoint({
      name: 'renameThing',
      method: 'PUT',
      path: '/thing/:id',
      tag: 'test',
      summary: 'test only',
      auth: 'user',
      params: z.object({ id: z.string() }),
      body: z.object({ name: z.string() }),
      result: z.object({ ok: z.boolean() }),
    });
    fetchMock.mockResolvedValue(reply(200, { success: true, result: { ok: true } }));

    const result = await apiCall(renameThing, { params: { id: '7' }, body: { name: 'Tee' } });

    const { url, init, headers } = sentRequest();
    expect(result).toEqual({ ok: true });
    expect(init.method).toBe('PUT');
    expect(url.pathname).toBe('/api/v1/thing/7');
    expect(init.body).toBe('{"name":"Tee"}');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('attaches the stored token as a bearer authorisation header', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'secret-token');
    fetchMock.mockResolvedValue(reply(200, { success: true, result: filters }));

    await apiCall({ ...getProductFilters, auth: 'user' as const });

    expect(sentRequest().headers.get('authorization')).toBe('Bearer secret-token');
  });

  it('keeps the token off public calls, so their answers may be cached', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'secret-token');
    fetchMock.mockResolvedValue(reply(200, { success: true, result: filters }));

    await apiCall(getProductFilters);

    expect(sentRequest().headers.has('authorization')).toBe(false);
  });

  it('sends no authorisation header without a token', async () => {
    fetchMock.mockResolvedValue(reply(200, { success: true, result: filters }));

    await apiCall(getProductFilters);

    expect(sentRequest().headers.has('authorization')).toBe(false);
  });

  it("sends the request headers the endpoint's schema names", async () => {
    const endpoint = defineEndpoint({
      name: 'placeThing',
      method: 'POST',
      path: '/thing',
      tag: 'test',
      summary: 'test',
      auth: 'user',
      body: z.object({}),
      headers: z.object({ 'idempotency-key': z.string().optional() }),
      result: z.null(),
    });
    fetchMock.mockResolvedValue(reply(200, { success: true, result: null }));

    await apiCall(endpoint, { body: {}, headers: { 'idempotency-key': 'attempt-1' } });

    expect(sentRequest().headers.get('Idempotency-Key')).toBe('attempt-1');
  });
});

describe('apiCall: the answer', () => {
  it("returns the success envelope's result as the shop sent it (trusted, not parsed: issue 14)", async () => {
    const product = makeProduct();
    fetchMock.mockResolvedValue(reply(200, { success: true, message: 'ok', result: product }));

    expect(await apiCall(getProduct, { params: { id: product._id } })).toEqual(product);
  });

  it('throws ApiError with the status, message and field errors of a failure envelope', async () => {
    fetchMock.mockResolvedValue(
      reply(400, {
        success: false,
        message: 'limit must be at most 100',
        errors: [{ field: 'limit', message: 'limit must be at most 100' }],
      }),
    );

    const error = await apiCall(listProducts, { query: { limit: 500 } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe('limit must be at most 100');
    expect(apiError.fieldErrors).toEqual([
      { field: 'limit', message: 'limit must be at most 100' },
    ]);
    expect(apiError.fieldError('limit')).toBe('limit must be at most 100');
    expect(apiError.fieldError('page')).toBeUndefined();
  });

  it('throws ApiError with a readable message when a failure is not an envelope', async () => {
    fetchMock.mockResolvedValue(
      reply(502, '<html>Bad Gateway</html>', { headers: { 'content-type': 'text/html' } }),
    );

    const error = await apiCall(getProductFilters).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, fieldErrors: [] });
    expect((error as ApiError).message).toMatch(/trouble/);
  });

  it('throws ApiError with the fallback message when a failure envelope is malformed', async () => {
    fetchMock.mockResolvedValue(
      reply(400, { success: false, message: 'bad', errors: [{ field: 1, message: 'x' }] }),
    );

    await expect(apiCall(getProductFilters)).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      message: 'The request could not be completed.',
    });
  });

  it('throws ApiError with status 0 when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(apiCall(getProductFilters)).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      message: expect.stringMatching(/could not reach/i),
    });
  });

  it('lets an aborted call reject with the AbortError, not an ApiError', async () => {
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );
    const controller = new AbortController();

    const call = apiCall(getProductFilters, { signal: controller.signal });
    controller.abort();

    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await expect(call).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('helpers', () => {
  it('fillPath refuses a missing parameter', () => {
    expect(() => fillPath('/product/:id', {})).toThrow(/needs the parameter "id"/);
  });

  it('serialiseQuery drops empty values and keeps numbers and booleans', () => {
    expect(
      serialiseQuery({ a: '', b: null, c: undefined, d: 0, e: false, f: ['x', '', 'y'] }),
    ).toBe('d=0&e=false&f=x%2Cy');
  });
});

describe('a refused token (D14)', () => {
  const refused = () => reply(401, { success: false, message: 'Your session has ended' });

  it('clears the stored token and tells the listeners, then throws the 401', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'old-token');
    fetchMock.mockResolvedValue(refused());
    const listener = vi.fn();
    const stop = onSessionExpired(listener);

    await expect(apiCall(getProductFilters)).rejects.toMatchObject({ status: 401 });

    stop();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ends nothing when the call carried no token (a failed sign-in answers 401 too)', async () => {
    fetchMock.mockResolvedValue(refused());
    const listener = vi.fn();
    const stop = onSessionExpired(listener);

    await expect(apiCall(getProductFilters)).rejects.toMatchObject({ status: 401 });

    stop();
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps a token stored while the refused call was on its way (a new sign-in)', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'old-token');
    fetchMock.mockImplementation(async () => {
      localStorage.setItem(STORAGE_KEYS.token, 'new-token');
      return refused();
    });
    const listener = vi.fn();
    const stop = onSessionExpired(listener);

    await expect(apiCall(getProductFilters)).rejects.toMatchObject({ status: 401 });

    stop();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(listener).not.toHaveBeenCalled();
  });
});
