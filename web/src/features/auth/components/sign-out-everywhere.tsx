import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { logoutEverywhere } from '../api/logout-everywhere.ts';

/**
 * 'Sign out of all devices' (D21), after a confirm step: every session of the
 * account ends on the server; `onSignedOut` then forgets this one locally.
 */
export function SignOutEverywhere({ onSignedOut }: { onSignedOut: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const stayRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    setPending(true);
    try {
      await logoutEverywhere();
    } catch (error) {
      setPending(false);
      setConfirming(false);
      toast.error(getErrorMessage(error));
      return;
    }
    onSignedOut();
  };

  return (
    <>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className={buttonStyles({ variant: 'danger' })}
      >
        Sign out of all devices
      </button>
      {confirming ? (
        <Dialog
          title="Sign out of all devices?"
          description="You will be signed out everywhere, this device included, and will need your password to sign in again."
          onClose={() => {
            if (!pending) setConfirming(false);
          }}
          initialFocus={stayRef}
        >
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              ref={stayRef}
              type="button"
              onClick={() => setConfirming(false)}
              disabled={pending}
              className={buttonStyles({ variant: 'outline' })}
            >
              Stay signed in
            </button>
            <button
              type="button"
              onClick={confirm}
              disabled={pending}
              className={buttonStyles({ variant: 'danger' })}
            >
              {pending ? 'Signing out…' : 'Sign out everywhere'}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
