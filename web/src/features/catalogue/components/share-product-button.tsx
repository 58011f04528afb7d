import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { shareLink } from '#web/lib/share-link.ts';

/** 'Share' (issue 16): this page's link, by the share sheet or the clipboard. */
export function ShareProductButton({ title }: { title: string }) {
  // A tap before React takes over a server-rendered page would be lost (decision 022).
  const hydrated = useHydrated();
  const share = () => shareLink({ title, url: window.location.href });
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => void share()}
      className="inline-flex h-11 items-center gap-2 rounded-full border border-ink-300 bg-white px-5 text-sm font-semibold text-ink-900 hover:border-ink-900"
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
      >
        <path d="M12 15V3m0 0-4 4m4-4 4 4M5 12v7a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-7" />
      </svg>
      Share
    </button>
  );
}
