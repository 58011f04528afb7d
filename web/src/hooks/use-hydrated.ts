import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while React takes over a server-rendered page
 * (decision 022), true once it has: a button that acts through React waits
 * for it, so a tap before hydration is never silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
