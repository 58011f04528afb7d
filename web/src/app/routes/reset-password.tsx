import { paths } from '#web/config/paths.ts';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form.tsx';
import { forgetSession, useFinishSignIn } from '../auth-session.ts';
import { LinkTokenPage } from '../link-token-page.tsx';

/**
 * /reset-password?token=…: the emailed link (D29). On success every session
 * of the account has ended, this device's too: it forgets the old one and
 * signs in with the fresh session, then goes home.
 */
export function ResetPasswordRoute() {
  const finishSignIn = useFinishSignIn();
  return (
    <LinkTokenPage
      title="Choose a new password"
      intro="Your new password signs you in here and ends every other session of your account."
      switchTo={{ question: 'Remembered it?', label: 'Sign In', to: paths.login() }}
    >
      {(token) => (
        <ResetPasswordForm
          token={token}
          onReset={async (session) => {
            forgetSession();
            await finishSignIn(session);
          }}
        />
      )}
    </LinkTokenPage>
  );
}
