import { Link } from 'react-router';
import { EMAIL_CHANGE_LINK_INVALID } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { useConfirmEmailChange } from '#web/features/profile/api/confirm-email-change.ts';
import { EmailChangeLink } from '#web/features/profile/components/email-change-link.tsx';
import { getAuthToken } from '#web/lib/auth-token.ts';
import { LinkTokenPage } from '../link-token-page.tsx';

/**
 * /email-change/confirm?token=…: the link mailed to the new address (issue
 * 23). Once confirmed, the account's other sessions have ended; the one that
 * asked for the change stays signed in.
 */
export function ConfirmEmailChangeRoute() {
  const confirm = useConfirmEmailChange();
  const next = getAuthToken()
    ? { label: 'Go to your profile', to: paths.profile() }
    : { label: 'Sign in', to: paths.login() };
  return (
    <LinkTokenPage
      title="Confirm your new email"
      intro="Your account uses this address from now on; every other session of your account ends."
      switchTo={{ question: 'Changed your mind?', label: 'Go to the shop', to: paths.products() }}
    >
      {(token) => (
        <EmailChangeLink
          token={token}
          label="Confirm my new email"
          busyLabel="Confirming…"
          invalidMessage={EMAIL_CHANGE_LINK_INVALID}
          send={async () => {
            const { email } = await confirm.mutateAsync({ token });
            return `Your email is now ${email}. Use it to sign in.`;
          }}
          after={
            <Link to={next.to} className={buttonStyles({ variant: 'brand', className: 'w-full' })}>
              {next.label}
            </Link>
          }
        />
      )}
    </LinkTokenPage>
  );
}
