import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isAbortError } from '#web/lib/api-client.ts';

export interface QueryState<T> {
  data: T | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  /** Loads again (after an error, say). */
  reload: () => void;
  /** Replaces the data with what a mutation answered, without another call. */
  setData: (data: T) => void;
}

/**
 * Data for a screen, loaded by `load` and loaded again when `key` changes.
 * A newer key or unmounting aborts the call in flight, so a late answer
 * never overwrites a newer one; earlier data stays shown while the next loads.
 */
export function useQuery<T>(key: string, load: (signal: AbortSignal) => Promise<T>): QueryState<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Pick<QueryState<T>, 'data' | 'error' | 'isLoading'>>({
    data: undefined,
    error: undefined,
    isLoading: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` are what ask for a fresh load.
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, error: undefined, isLoading: true }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: undefined, isLoading: false });
      },
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
  const setData = useCallback(
    (data: T) => setState({ data, error: undefined, isLoading: false }),
    [],
  );
  return { ...state, reload, setData };
}
