import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { createQueryClient, useQueryCacheFollowsAccount } from '#web/lib/query-client.ts';

/** The toaster loads after the first paint, with react-hot-toast (see #web/lib/toast.ts). */
const AppToaster = lazy(() => import('./app-toaster.tsx'));

/**
 * Mounts the toaster once the page has hydrated: rendered on the server, a lazy
 * component suspends and React logs the boundary as a server error (#419).
 */
function ToasterAfterHydration() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

function QueryCacheFollowsAccount() {
  useQueryCacheFollowsAccount();
  return null;
}

interface AppProviderProps {
  children: ReactNode;
  /** The server-data cache; a fresh one per app when left out (tests pass their own). */
  queryClient?: QueryClient;
}

/** App-wide providers around the router. */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <QueryCacheFollowsAccount />
      {children}
      <ToasterAfterHydration />
    </QueryClientProvider>
  );
}
