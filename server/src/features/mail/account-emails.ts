/** The emails of an account: welcome, password reset, email change. */
import {
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_CHANGE_UNDO_DAYS,
  PASSWORD_RESET_TTL_MINUTES,
  SHOP_NAME,
} from '#contract';
import {
  action,
  compose,
  type MailMessage,
  paragraph,
  type Recipient,
  type UnverifiedRecipient,
} from './html-email.ts';

/** To an address not yet shown to be the shopper's: no sign-up name in it (issue 23). */
export function welcomeEmail(to: UnverifiedRecipient, publicUrl: string): MailMessage {
  return compose(
    'welcome',
    { email: to.email },
    `Welcome to ${SHOP_NAME}`,
    [
      paragraph(
        `Thank you for creating your ${SHOP_NAME} account. You can now save addresses, check out faster and follow every order.`,
      ),
      action('Start shopping', `${publicUrl}/products`),
    ],
    publicUrl,
  );
}

export function passwordResetEmail(
  to: Recipient,
  resetUrl: string,
  publicUrl: string,
): MailMessage {
  return compose(
    'password-reset',
    to,
    `Reset your ${SHOP_NAME} password`,
    [
      paragraph(
        `Someone asked to reset the password of your ${SHOP_NAME} account. The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
      ),
      action('Choose a new password', resetUrl),
      paragraph('If it was not you, ignore this email: your password stays as it is.'),
    ],
    publicUrl,
  );
}

/** Issue 23: the link that makes a new email the account's; no name, the address is not yet shown to be theirs. */
export function emailChangeConfirmEmail(
  to: UnverifiedRecipient,
  confirmUrl: string,
  publicUrl: string,
): MailMessage {
  return compose(
    'email-change-confirm',
    { email: to.email },
    `Confirm your new ${SHOP_NAME} email`,
    [
      paragraph(
        `Someone asked to use this address for a ${SHOP_NAME} account. The link works once, for ${EMAIL_CHANGE_TTL_HOURS} hours; until it is opened, the account keeps its old email.`,
      ),
      action('Confirm this email', confirmUrl),
      paragraph('If it was not you, ignore this email: nothing changes.'),
    ],
    publicUrl,
  );
}

/** Issue 23: the old address is told, with the way to say 'this was not me'. */
export function emailChangeNoticeEmail(
  to: Recipient,
  newEmail: string,
  undoUrl: string,
  publicUrl: string,
): MailMessage {
  return compose(
    'email-change-notice',
    to,
    `Your ${SHOP_NAME} email is being changed`,
    [
      paragraph(
        `Someone with your password asked to change the email of your ${SHOP_NAME} account to ${newEmail}. It changes once the link we sent there is opened.`,
      ),
      paragraph(
        `If it was not you, tell us within ${EMAIL_CHANGE_UNDO_DAYS} days: we stop the change (or undo it), sign your account out everywhere and send you a link to choose a new password.`,
      ),
      action('This was not me', undoUrl),
    ],
    publicUrl,
  );
}
