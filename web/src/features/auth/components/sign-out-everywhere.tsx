import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { logoutEverywhere } from '../api/logout-everywhere.ts';

/**
 * 'Sign out of all devices' (D21), after a confirm step: every session of the
 * account ends on the server; `onSignedOut` then forgets this one locally.
 */
export function SignOutEverywhere({ onSignedOut }: { onSignedOut: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const signOut = useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: onSignedOut,
    onError: (error) => {
      setConfirming(false);
      toast.error(getErrorMessage(error));
    },
  });

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
        <ConfirmDialog
          title="Sign out of all devices?"
          description="You will be signed out everywhere, this device included, and will need your password to sign in again."
          keepLabel="Stay signed in"
          confirmLabel="Sign out everywhere"
          pendingLabel="Signing out…"
          pending={signOut.isPending}
          onKeep={() => setConfirming(false)}
          onConfirm={() => signOut.mutate()}
        />
      ) : null}
    </>
  );
}
