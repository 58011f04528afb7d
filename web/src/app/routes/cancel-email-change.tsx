import { Link } from 'react-router';
import { EMAIL_CHANGE_UNDO_LINK_INVALID } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { useCancelEmailChange } from '#web/features/profile/api/cancel-email-change.ts';
import { EmailChangeLink } from '#web/features/profile/components/email-change-link.tsx';
import { forgetSession } from '../auth-session.ts';
import { LinkTokenPage } from '../link-token-page.tsx';

/**
 * /email-change/cancel?token=…: 'this was not me', from the old address
 * (issue 23). Every session ends, this device's too, and the password stops
 * working: the shopper chooses a new one with the link mailed to them.
 */
export function CancelEmailChangeRoute() {
  const cancel = useCancelEmailChange();
  return (
    <LinkTokenPage
      title="This was not me"
      intro="We stop the email change (or undo it), sign your account out everywhere and email you a link to choose a new password: whoever asked knew your password."
      switchTo={{
        question: 'It was you after all?',
        label: 'Go to the shop',
        to: paths.products(),
      }}
    >
      {(token) => (
        <EmailChangeLink
          token={token}
          label="Stop the change and secure my account"
          busyLabel="Securing…"
          invalidMessage={EMAIL_CHANGE_UNDO_LINK_INVALID}
          send={async () => {
            const { message } = await cancel.mutateAsync({ token });
            forgetSession();
            return message;
          }}
          after={
            <Link
              to={paths.forgotPassword()}
              className={buttonStyles({ variant: 'outline', className: 'w-full' })}
            >
              Ask for another reset link
            </Link>
          }
        />
      )}
    </LinkTokenPage>
  );
}
