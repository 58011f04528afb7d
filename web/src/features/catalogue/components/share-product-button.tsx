import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { isAbortError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';

export const SHARE_MESSAGES = {
  copied: 'Link copied',
  failed: 'Could not copy the link',
} as const;

/**
 * 'Share' (issue 16): the device's share sheet where the Web Share API
 * exists, otherwise the page's link copied to the clipboard, with a toast.
 */
export function ShareProductButton({ title }: { title: string }) {
  // A tap before React takes over a server-rendered page would be lost (decision 022).
  const hydrated = useHydrated();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the share sheet is not a failure; any other refusal falls back to copying.
        if (isAbortError(error)) return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(SHARE_MESSAGES.copied, { id: 'share-link' });
    } catch {
      toast.error(SHARE_MESSAGES.failed, { id: 'share-link' });
    }
  };
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
