import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';
import { createQueryClient, useQueryCacheFollowsAccount } from '#web/lib/query-client.ts';

/** SPEC §9: at most 20 toasts at once. */
export const MAX_VISIBLE_TOASTS = 20;

/**
 * react-hot-toast has no limit option: when more than the limit are visible,
 * the oldest are dismissed (the store lists the newest first).
 */
function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const extra of toasts.filter((item) => item.visible).slice(MAX_VISIBLE_TOASTS)) {
      toast.dismiss(extra.id);
    }
  }, [toasts]);
  return null;
}

/** Toasts at the top centre: success for 2 s, errors for 4 s (SPEC §2, §9). */
export function AppToaster() {
  return (
    <>
      <Toaster
        position="top-center"
        // Below the fixed top bar (4rem), so a toast never hides the cart or the menu.
        containerStyle={{ top: 72 }}
        toastOptions={{
          success: { duration: 2000 },
          error: { duration: 4000 },
          className: 'text-sm',
        }}
      />
      <ToastLimit />
    </>
  );
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
      <AppToaster />
    </QueryClientProvider>
  );
}
