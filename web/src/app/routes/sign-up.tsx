import { Navigate } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { SignUpForm } from '#web/features/auth/components/sign-up-form.tsx';
import { useSignInPage } from '../sign-in-page.ts';

/**
 * /signin: sign-up (SPEC §2). Afterwards home, or the page a guarded link
 * was heading to when the shopper came here from /login?next=… (D15).
 */
export function SignUpRoute() {
  const { next, finishSignIn, signedInOnArrival } = useSignInPage('Create an account');
  if (signedInOnArrival) return <Navigate to={paths.home()} replace />;

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
