import { Navigate, useSearchParams } from 'react-router';
import { paths, safeNextPath } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { SignUpForm } from '#web/features/auth/components/sign-up-form.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFinishSignIn, useSignedInOnArrival } from '../auth-session.ts';

/**
 * /signin: sign-up (SPEC §2). Afterwards home, or the page a guarded link
 * was heading to when the shopper came here from /login?next=… (D15).
 */
export function SignUpRoute() {
  useDocumentTitle('Create an account');
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const finishSignIn = useFinishSignIn();
  if (useSignedInOnArrival()) return <Navigate to={paths.home()} replace />;

  return (
    <AuthCard
      title="Create your account"
      intro="Save your cart, check out faster and follow every order."
      switchTo={{
        question: 'Already have an account?',
        label: 'Log in',
        to: paths.login({ next }),
      }}
    >
      <SignUpForm onSignedUp={finishSignIn} />
    </AuthCard>
  );
}
