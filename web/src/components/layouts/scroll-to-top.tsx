import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the top on every route change (SPEC §2). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route is what triggers the scroll.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
