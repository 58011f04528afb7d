import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/**
 * Errors and loading pages show inside the layout, so its navigation still
 * works. While a page's code loads (the first visit of a page in this tab),
 * the fallback fills the screen, so the footer does not show and then jump.
 */
export function PageOutlet() {
  return (
    <RouteErrorBoundary>
      <Suspense
        fallback={
          <div className="min-h-dvh">
            <FullScreenSpinner label="Loading page" />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
