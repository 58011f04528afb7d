import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { useAuthToken } from '#web/lib/auth-token.ts';

/**
 * D15: the pages under this route need a token; without one the shopper goes
 * to /login, which brings them back here (`?next=`) after signing in.
 */
export function RequireAuth() {
  const token = useAuthToken();
  const { pathname, search } = useLocation();
  if (!token) return <Navigate to={paths.login({ next: `${pathname}${search}` })} replace />;
  return <Outlet />;
}
