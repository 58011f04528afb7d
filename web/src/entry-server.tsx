/**
 * The server entry (decision 022): renders a public page with its catalogue
 * data to HTML, for the server to put into the built index.html. Built by
 * `vite build --ssr` (scripts/build-web.ts); the server imports the result.
 */
import { renderToString } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router';
import type { ServerEntry } from '#contract';
import { routePaths } from '#web/config/paths.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, loadRoutesFor } from './app/router.tsx';
import { loadPageData } from './app/server/page-data.ts';
import { pageHead } from './app/server/page-head.ts';
import { writeServerState } from './app/server/server-state.ts';

/** The lazy route module of each server-rendered page (router.tsx imports them); home is in the entry. */
const ROUTE_MODULES = {
  home: undefined,
  products: 'src/app/routes/products.tsx',
  product: 'src/app/routes/product.tsx',
  sharedDesign: 'src/app/routes/shared-design.tsx',
} as const;

/**
 * Public pages that read this browser's storage, so the browser renders them
 * (D17, D33: a visitor's cart and wishlist): their code comes beside the
 * entry, not after it, so they paint a round trip sooner (decision 027).
 */
const BROWSER_PAGE_MODULES: [pattern: string, module: string][] = [
  [routePaths.cart, 'src/app/routes/cart.tsx'],
  [routePaths.wishlist, 'src/app/routes/wishlist.tsx'],
];

export const browserPageModule: ServerEntry['browserPageModule'] = (path) =>
  BROWSER_PAGE_MODULES.find(([pattern]) => matchPath(pattern, path))?.[1];

export const renderPage: ServerEntry['renderPage'] = async (path, { catalogue, publicUrl }) => {
  const url = new URL(path, publicUrl);
  // One cache per request: nothing one shopper's page read reaches another's.
  // Reads happen here, before rendering: a failed one is shown as it is, never retried.
  const queryClient = createQueryClient({ retry: false, retryOnMount: false });
  const data = await loadPageData(url, catalogue, queryClient);
  if (!data) return undefined;
  // The page's code first, so nothing suspends: its data is in the cache already.
  await loadRoutesFor(url.pathname);
  const html = renderToString(
    <AppProvider queryClient={queryClient}>
      {/* No router state to hand over (no inline script, CSP D14): the browser starts from the URL. */}
      <StaticRouter location={`${url.pathname}${url.search}`}>
        <AppRoutes />
      </StaticRouter>
    </AppProvider>,
  );
  return {
    status: 'notFound' in data && data.notFound ? 404 : 200,
    head: pageHead(data, publicUrl),
    html,
    routeModule: ROUTE_MODULES[data.page],
    stateScript: writeServerState(queryClient),
  };
};
