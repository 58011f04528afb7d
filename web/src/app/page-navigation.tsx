import { type ReactNode, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Navigator,
  parsePath,
  Router,
  type To,
} from 'react-router';

/** The code of the pages, as the route table knows it (router.tsx). */
export interface PageCode {
  /** Whether every page `pathname` shows has its code here already. */
  isHere: (pathname: string) => boolean;
  /** Loads the code of the pages `pathname` shows. */
  load: (pathname: string) => Promise<void>;
}

type History = ReturnType<typeof createBrowserHistory>;
type HistoryUpdate = Parameters<Parameters<History['listen']>[0]>[0];

/**
 * Runs `go` once the code of the page at `to` is here: at once when it is,
 * else after it loads (whether or not it loaded: a failed chunk shows the
 * route's error). Only the latest navigation asked for goes ahead, so a
 * slower earlier one never lands after it.
 */
export function pageCodeGate(code: PageCode) {
  let latest = 0;
  return (pathname: string, go: () => void) => {
    const ticket = ++latest;
    if (code.isHere(pathname)) {
      go();
      return;
    }
    const goIfLatest = () => {
      if (ticket === latest) go();
    };
    code.load(pathname).then(goIfLatest, goIfLatest);
  };
}

function pathnameOf(to: To): string {
  return (typeof to === 'string' ? parsePath(to) : to).pathname ?? window.location.pathname;
}

/**
 * The history the router navigates with, except that a push or replace
 * waits for the next page's code: until it is here the current page stays,
 * with its address, and then both change together (issue 30). So there is no
 * loading screen between pages, and nobody types into a page whose address
 * has already moved on (why navigations are not transitions, decision 027).
 */
function codeFirstNavigator(
  history: History,
  whenCodeIsHere: ReturnType<typeof pageCodeGate>,
): Navigator {
  return {
    ...history,
    push: (to, state) => whenCodeIsHere(pathnameOf(to), () => history.push(to, state)),
    replace: (to, state) => whenCodeIsHere(pathnameOf(to), () => history.replace(to, state)),
  };
}

/**
 * React Router's BrowserRouter with the code-first navigator: the page on
 * screen stays until the next one's code is here, and links fetch that code
 * ahead. Back and forward change the address first (the browser does); the
 * page follows once its code is here.
 */
export function CodeFirstBrowserRouter({
  code,
  children,
}: {
  code: PageCode;
  children: ReactNode;
}) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [shown, setShown] = useState<HistoryUpdate>(() => ({
    action: history.action,
    location: history.location,
    delta: null,
  }));
  // One gate for links and for back and forward: the latest of them wins.
  const whenCodeIsHere = useMemo(() => pageCodeGate(code), [code]);
  const navigator = useMemo(
    () => codeFirstNavigator(history, whenCodeIsHere),
    [history, whenCodeIsHere],
  );
  useLayoutEffect(
    () =>
      history.listen((update) => whenCodeIsHere(update.location.pathname, () => setShown(update))),
    [history, whenCodeIsHere],
  );
  useEffect(() => {
    // Not needed for the first paint: its code comes after, beside the first load's budget.
    let stopPrefetching: (() => void) | undefined;
    let unmounted = false;
    void import('./link-prefetch.ts').then(({ prefetchLinks }) => {
      if (!unmounted) stopPrefetching = prefetchLinks(code);
    });
    return () => {
      unmounted = true;
      stopPrefetching?.();
    };
  }, [code]);
  return (
    <Router
      location={shown.location}
      navigationType={shown.action}
      navigator={navigator}
      useTransitions={false}
    >
      {children}
    </Router>
  );
}
