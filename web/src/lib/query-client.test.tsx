import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { clearAuthToken, setAuthToken } from './auth-token.ts';
import { createQueryClient, shouldRetry, useQueryCacheFollowsAccount } from './query-client.ts';
import { profileKeys } from './query-keys.ts';

describe('shouldRetry', () => {
  it('retries an unreachable or failing server twice, and a 4xx answer never', () => {
    expect(shouldRetry(0, new ApiError(0, 'offline'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'resting'))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, 'broken'))).toBe(false);
    for (const status of [400, 401, 404, 409, 429]) {
      expect(shouldRetry(0, new ApiError(status, 'no'))).toBe(false);
    }
    expect(shouldRetry(0, new Error('not from the api client'))).toBe(false);
  });
});

describe('the cache and the account', () => {
  it('drops what it holds when the shopper signs in, out or as someone else', () => {
    const client = createQueryClient();
    setAuthToken('token-of-asha');
    function FollowsAccount() {
      useQueryCacheFollowsAccount();
      return null;
    }
    render(
      <QueryClientProvider client={client}>
        <FollowsAccount />
      </QueryClientProvider>,
    );
    const seed = () => client.setQueryData(profileKeys.detail, { name: 'Asha' });

    seed();
    act(() => setAuthToken('token-of-ravi'));
    expect(client.getQueryData(profileKeys.detail)).toBeUndefined();

    seed();
    act(() => clearAuthToken());
    expect(client.getQueryData(profileKeys.detail)).toBeUndefined();

    seed();
    act(() => setAuthToken('token-of-asha'));
    expect(client.getQueryData(profileKeys.detail)).toBeUndefined();
  });
});
