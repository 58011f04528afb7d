import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { shareLink } from '#web/lib/share-link.ts';
import { toast } from '#web/lib/toast.ts';
import { useShareSavedDesign, useStopSharingSavedDesign } from '../api/shared-designs.ts';

const SMALL = buttonStyles({ variant: 'outline', size: 'sm', className: 'px-3' });

interface ShareDesignButtonsProps {
  savedId: string;
  name: string;
  /** Whether its link works now: then 'Stop sharing' shows beside 'Share'. */
  shared: boolean;
}

/**
 * 'Share' on a saved design (issue 29): makes its read-only link (the same
 * one while shared) and hands it on by the share sheet or the clipboard;
 * 'Stop sharing' makes the link answer 404.
 */
export function ShareDesignButtons({ savedId, name, shared }: ShareDesignButtonsProps) {
  const share = useShareSavedDesign();
  const stop = useStopSharingSavedDesign();
  const onShare = async () => {
    try {
      const { url } = await share.mutateAsync(savedId);
      await shareLink({ title: name, url });
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };
  return (
    <>
      <button
        type="button"
        disabled={share.isPending}
        onClick={() => void onShare()}
        className={SMALL}
        aria-label={`Share ${name}`}
      >
        {share.isPending ? 'Sharing…' : 'Share'}
      </button>
      {shared ? (
        <button
          type="button"
          disabled={stop.isPending}
          onClick={() =>
            stop.mutate(savedId, {
              onSuccess: () => toast.success(`“${name}” is no longer shared`),
              onError: (error) => toast.error(getErrorMessage(error)),
            })
          }
          className={SMALL}
          aria-label={`Stop sharing ${name}`}
        >
          Stop sharing
        </button>
      ) : null}
    </>
  );
}
