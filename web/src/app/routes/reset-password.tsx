import { useSearchParams } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { forgetSession, useFinishSignIn } from '../auth-session.ts';

/**
 * /reset-password?token=…: the emailed link (D29). On success every session
 * of the account has ended, this device's too: it forgets the old one and
 * signs in with the fresh session, then goes home.
 */
export function ResetPasswordRoute() {
  useDocumentTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const finishSignIn = useFinishSignIn();
  return (
    <AuthCard
      title="Choose a new password"
      intro="Your new password signs you in here and ends every other session of your account."
      switchTo={{ question: 'Remembered it?', label: 'Sign In', to: paths.login() }}
    >
      <ResetPasswordForm
        token={searchParams.get('token') ?? ''}
        onReset={async (session) => {
          forgetSession();
          await finishSignIn(session);
        }}
      />
    </AuthCard>
  );
}
