import { useSearchParams } from 'react-router';
import { safeNextPath } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFinishSignIn, useSignedInOnArrival } from './auth-session.ts';

/**
 * What the sign-in and sign-up pages share: the tab title, the page the
 * shopper wanted (`?next=`, D15), what follows success, and whether a token
 * was stored on arrival (then the page sends the shopper home, SPEC §2).
 * Apart from auth-session.ts, which the shop's first load carries.
 */
export function useSignInPage(title: string) {
  useDocumentTitle(title);
  const [searchParams] = useSearchParams();
  return {
    next: safeNextPath(searchParams.get('next')),
    finishSignIn: useFinishSignIn(),
    signedInOnArrival: useSignedInOnArrival(),
  };
}
