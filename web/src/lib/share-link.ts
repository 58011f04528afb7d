import { isAbortError } from './api-client.ts';
import { toast } from './toast.ts';

export const SHARE_MESSAGES = {
  copied: 'Link copied',
  failed: 'Could not copy the link',
} as const;

/**
 * Hands a link on (issues 16 and 29): the device's share sheet where the Web
 * Share API exists, otherwise the link copied to the clipboard, with a toast.
 */
export async function shareLink({ title, url }: { title: string; url: string }): Promise<void> {
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
}
