import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { logout } from '#web/features/auth/api/logout.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { getAuthToken } from '#web/lib/auth-token.ts';
import { toast } from '#web/lib/toast.ts';
import { forgetSession } from '../auth-session.ts';

const LOGOUT_OFFLINE_MESSAGE =
  'You are signed out on this device, but we could not reach the shop to end the session. It ends by itself when it expires.';

/**
 * Ends the session on the server, then forgets it here: the token and the
 * account's cart (the server keeps that cart for the next sign-in).
 *
 * When the server cannot be reached, the shopper is still signed out on this
 * device: someone who asked to log out on a shared computer must not stay
 * signed in because the network hiccupped. A 401 means the session had
 * already ended, which is what was asked.
 */
async function signOut(): Promise<void> {
  if (getAuthToken() === null) return;
  try {
    await logout();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) toast.error(LOGOUT_OFFLINE_MESSAGE);
  }
  forgetSession();
}

/** /logout: a spinner while signing out, then home (SPEC §2). */
export function LogoutRoute() {
  useDocumentTitle('Signing out');
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    void signOut().then(() => navigate(paths.home(), { replace: true }));
  }, [navigate]);

  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <Spinner label="Signing you out" className="size-12" />
      <p className="text-ink-700" aria-hidden="true">
        Signing you out…
      </p>
    </div>
  );
}
