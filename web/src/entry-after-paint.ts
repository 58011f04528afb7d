/**
 * The only script a server-rendered page starts with (decision
 * 027). The page is in the HTML already, so the app's code
 * (~100 KB) waits until the shopper sees it: the page's high-priority
 * pictures (its LCP) are in and decoded and a frame has painted them, then
 * this fetches the page's modules and imports the entry (`main.tsx`), which
 * hydrates. On a slow phone the pictures get the bandwidth first; buttons
 * stay disabled until hydration (`useHydrated`).
 *
 * The server names the entry and the modules it needs on this script's own
 * tag (`data-entry`, `data-modules`: pages.service.ts), as built.
 */
const script = document.querySelector<HTMLScriptElement>('script[data-entry]');

/** The next frame has painted: a task queued from a frame's callback runs after that frame. */
function afterNextPaint(): Promise<void> {
  // A hidden tab paints nothing (and runs no frames) until shown: nothing to wait for.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
}

/** Fetches `modules` and imports `entry` once the page's pictures and a frame have painted. */
export async function startAfterPaint(
  entry: string,
  modules: string[],
  importEntry: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): Promise<void> {
  const pictures = document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]');
  // A picture that fails to load is no reason to wait: the app still starts.
  await Promise.all([...pictures].map((picture) => picture.decode().catch(() => undefined)));
  await afterNextPaint();
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  await importEntry(entry);
}

if (script?.dataset.entry) {
  void startAfterPaint(
    script.dataset.entry,
    script.dataset.modules?.split(' ').filter(Boolean) ?? [],
  );
}
