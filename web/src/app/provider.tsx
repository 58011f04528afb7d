import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient, useQueryCacheFollowsAccount } from '#web/lib/query-client.ts';

/** The toaster loads after the first paint, with react-hot-toast (see #web/lib/toast.ts). */
const AppToaster = lazy(() => import('./app-toaster.tsx'));

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
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  );
}
