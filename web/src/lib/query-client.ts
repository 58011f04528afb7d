import { type DefaultOptions, QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from './api-client.ts';
import { getAuthToken, subscribeToAuthToken } from './auth-token.ts';

declare module '@tanstack/react-query' {
  // Every fetcher goes through api-client, which throws ApiError (or an abort, which Query handles).
  interface Register {
    defaultError: ApiError;
  }
}

/** The catalogue changes rarely: a list or product seen in the last minute is shown without a call. */
export const CATALOGUE_STALE_TIME_MS = 60_000;

const MAX_RETRIES = 2;

/**
 * Retries only what may pass on a second try: the server unreachable
 * (status 0) or failing (5xx). A 4xx answer will not change, so it shows at once.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * The one cache of server data. Made per app (and per test, per server
 * request later), never a module singleton, so nothing leaks between them.
 */
export function createQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, ...queries },
      mutations: { retry: false },
    },
  });
}

/**
 * Another account's data must never show: when the token is set, replaced or
 * cleared (in this tab or another), the whole cache is dropped.
 */
export function useQueryCacheFollowsAccount(): void {
  const client = useQueryClient();
  // Follows the stored token itself, not a render's value: while a server-rendered page
  // hydrates it renders signed out, and that is no change of account (decision 022).
  useEffect(() => {
    let previous = getAuthToken();
    return subscribeToAuthToken(() => {
      const token = getAuthToken();
      if (token === previous) return;
      previous = token;
      client.removeQueries();
    });
  }, [client]);
}
