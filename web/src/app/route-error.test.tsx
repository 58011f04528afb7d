import { screen } from '@testing-library/react';
import { Link, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#web/testing/render.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/** Throws on /broken, renders elsewhere. */
function Page() {
  if (useLocation().pathname === '/broken') throw new Error('render failed');
  return <p>A working page</p>;
}

describe('RouteErrorBoundary', () => {
  it('shows the error view in place of a page that throws, and clears it on the next page', async () => {
    // React reports the caught error on the console (testing/setup.ts fails on an unexpected one).
    vi.mocked(console.error).mockImplementation(() => {});
    const { user } = renderRoutes(
      [
        {
          path: '*',
          element: (
            <>
              <Link to="/fine">Elsewhere</Link>
              <RouteErrorBoundary>
                <Page />
              </RouteErrorBoundary>
            </>
          ),
        },
      ],
      { path: '/broken' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(String(vi.mocked(console.error).mock.calls[0])).toContain('render failed');
    vi.mocked(console.error).mockClear();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('A working page')).toBeInTheDocument();
  });
});
