import { useCallback, useEffect, useState } from 'react';
import {
  type ListProductsQuerySchema,
  listProducts as listProductsEndpoint,
  type ProductPage,
} from '#contract';
import { ApiError, apiCall, isAbortError, type QueryInput } from '#web/lib/api-client.ts';

export type ListProductsInput = QueryInput<typeof ListProductsQuerySchema>;

/** GET /api/v1/product: one page of the catalogue. */
export function listProducts(query: ListProductsInput = {}, signal?: AbortSignal) {
  return apiCall(listProductsEndpoint, { query, signal });
}

export interface ProductsState {
  data: ProductPage | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  /** Fetches the same query again (after an error, say). */
  reload: () => void;
}

/**
 * The catalogue page for `query`, refetched when the query changes. A newer
 * query or unmounting aborts the call in flight, so a late answer never
 * overwrites a newer one. Earlier data stays shown while the next loads.
 */
export function useProducts(query: ListProductsInput = {}): ProductsState {
  // The key, not the object, decides when to refetch: callers may pass a fresh literal each render.
  const key = JSON.stringify(query);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<ProductsState, 'reload'>>({
    data: undefined,
    error: undefined,
    isLoading: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how reload() asks for a refetch.
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, error: undefined, isLoading: true }));
    listProducts(JSON.parse(key) as ListProductsInput, controller.signal).then(
      (data) => setState({ data, error: undefined, isLoading: false }),
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        setState((previous) => ({
          ...previous,
          error:
            error instanceof ApiError
              ? error
              : new ApiError(0, 'Something went wrong. Please try again.'),
          isLoading: false,
        }));
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, reload };
}
