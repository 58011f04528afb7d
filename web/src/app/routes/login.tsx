import { Navigate } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { LoginForm } from '#web/features/auth/components/login-form.tsx';
import { useSignInPage } from '../sign-in-page.ts';

/** /login: sign-in (SPEC §2 Login); afterwards back to the page the shopper wanted (D15). */
export function LoginRoute() {
  const { next, finishSignIn, signedInOnArrival } = useSignInPage('Sign in');
  if (signedInOnArrival) return <Navigate to={paths.home()} replace />;

  return (
    <AuthCard
      title="Welcome Back"
      intro="Sign in to check out, track your orders and keep your cart on every device."
      notice={next === paths.home() ? undefined : 'Please sign in to continue.'}
      switchTo={{ question: 'New to our shop?', label: 'Sign Up', to: paths.signUp({ next }) }}
    >
      <LoginForm onSignedIn={finishSignIn} />
    </AuthCard>
  );
}
