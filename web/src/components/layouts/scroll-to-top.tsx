import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the top on every route change (SPEC §2), not when the page the
 * shopper loaded starts: a server-rendered page paints before the app starts
 * (decision 027), and whoever scrolled or reached for a link meanwhile keeps
 * their place.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const route = `${pathname}${search}`;
  const shown = useRef(route);
  useEffect(() => {
    if (shown.current === route) return;
    shown.current = route;
    window.scrollTo(0, 0);
  }, [route]);
  return null;
}
