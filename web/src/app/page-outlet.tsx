import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/**
 * Errors and loading pages show inside the layout, so its navigation still
 * works. Navigations wait for a page's code (decision 054), so the fallback
 * is a last resort; it fills the screen, so the footer does not show and
 * then jump.
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
