import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter, loadRoutesFor } from './app/router.tsx';
import { hydrateServerState } from './app/server/server-state.ts';
import { createQueryClient } from './lib/query-client.ts';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

// A server-rendered page (decision 022) comes with its data: hydrate once its route's code is here.
// As a transition, hydration yields to the browser every few milliseconds instead of holding the
// main thread for the whole page (hundreds of ms on a phone, Lighthouse's Total Blocking Time); a
// click meanwhile hydrates what it hits first (issue 30).
if (hydrateServerState(queryClient)) {
  loadRoutesFor(window.location.pathname).then(() =>
    startTransition(() => {
      hydrateRoot(container, app);
    }),
  );
} else {
  createRoot(container).render(app);
}
