import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '#web/lib/api-client.ts';
import { scriptJson } from './page-head.ts';

/** The id of the `<script type="application/json">` block the server writes the query cache into. */
export const SERVER_STATE_ID = 'server-state';

interface SerialisedError {
  status: number;
  message: string;
}

/**
 * The server's query cache as a JSON block for the page (decision 022): data,
 * and a failed read as its status and message (an Error has no JSON of its
 * own), `<` escaped so no text can close the block. Never executed, so the
 * strict CSP (no inline script) holds.
 */
export function writeServerState(queryClient: QueryClient): string {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status !== 'pending',
  });
  for (const query of state.queries) {
    const { error } = query.state;
    if (error) {
      const serialised: SerialisedError = { status: error.status, message: error.message };
      (query.state as { error: unknown }).error = serialised;
    }
  }
  return `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(state)}</script>`;
}

/**
 * Puts the server's cache into the browser's; false when the page came
 * without one (a page rendered in the browser only, or `npm run dev`).
 */
export function hydrateServerState(queryClient: QueryClient): boolean {
  const block = document.getElementById(SERVER_STATE_ID);
  if (!block?.textContent) return false;
  const state = JSON.parse(block.textContent) as DehydratedState;
  for (const query of state.queries) {
    const error = query.state.error as SerialisedError | null;
    if (!error) continue;
    query.state.error = new ApiError(error.status, error.message);
    // The page shows the server's answer (an unknown product's 404), as the server rendered it.
    queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  hydrate(queryClient, state);
  return true;
}
