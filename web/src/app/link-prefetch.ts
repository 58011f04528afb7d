import { matchPath } from 'react-router';
import { routePaths } from '#web/config/paths.ts';
import type { PageCode } from './page-navigation.tsx';

/** Pages whose code is heavy, fetched on intent only: the designer and its fonts (D27). */
const HEAVY_PAGES = [routePaths.productCustomise];

/** The in-app path an anchor leads to, if it leads inside the shop. */
function inAppPath(target: EventTarget | null): string | undefined {
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== window.location.origin) {
    return undefined;
  }
  return anchor.pathname;
}

/**
 * Loads a link's page code before it is followed: when the link is hovered,
 * touched or focused, and, when the browser is idle, once a link in the
 * page's content (`#main`, not the header's and footer's links to every
 * page) comes into view, unless its page is heavy or the connection asked
 * to save data. A page's code runs as it loads, so fetching every page the
 * header links to would cost each visit seconds of a phone's CPU. Returns
 * what stops it.
 */
export function prefetchLinks(code: PageCode): () => void {
  // `load` resolves at once for code that is here: asking `isHere` first matched the route table
  // (some 60 routes flattened and ranked per match) twice for every link in view (issue 30).
  const prefetch = (path: string | undefined) => {
    if (path !== undefined) code.load(path).catch(() => undefined);
  };
  const onIntent = (event: Event) => prefetch(inAppPath(event.target));
  const intents = ['pointerover', 'touchstart', 'focusin'] as const;
  for (const type of intents) document.addEventListener(type, onIntent, { passive: true });

  const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData;
  const whenIdle = window.requestIdleCallback ?? ((task: () => void) => setTimeout(task, 1));
  const inView = new IntersectionObserver((entries) => {
    for (const { isIntersecting, target } of entries) {
      if (!isIntersecting) continue;
      inView.unobserve(target);
      const path = inAppPath(target);
      if (path !== undefined && !HEAVY_PAGES.some((heavy) => matchPath(heavy, path))) {
        whenIdle(() => prefetch(path));
      }
    }
  });
  const watched = new WeakSet<Element>();
  let watchScheduled = false;
  const watchLinks = () => {
    watchScheduled = false;
    for (const anchor of document.querySelectorAll('#main a[href]')) {
      if (watched.has(anchor)) continue;
      watched.add(anchor);
      inView.observe(anchor);
    }
  };
  const newLinks = new MutationObserver(() => {
    if (watchScheduled) return;
    watchScheduled = true;
    whenIdle(watchLinks);
  });
  if (!saveData) {
    watchLinks();
    newLinks.observe(document.body, { childList: true, subtree: true });
  }
  return () => {
    for (const type of intents) document.removeEventListener(type, onIntent);
    inView.disconnect();
    newLinks.disconnect();
  };
}
