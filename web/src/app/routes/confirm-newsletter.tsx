import { Link } from 'react-router';
import { NEWSLETTER_DISCOUNT_PERCENT } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { useConfirmNewsletter } from '#web/features/messages/api/confirm-newsletter.ts';
import { ConfirmByClickPage } from '../confirm-by-click-page.tsx';

/**
 * /newsletter/confirm?token=…: the link mailed for a newsletter subscription
 * (issue 27, double opt-in); the code is mailed once it is confirmed.
 */
export function ConfirmNewsletterRoute() {
  return (
    <ConfirmByClickPage
      title="Confirm your subscription"
      request="Someone subscribed this address to our newsletter. Nothing is sent until you confirm."
      buttonLabel="Yes, subscribe me"
      confirm={useConfirmNewsletter()}
      confirmed={() => (
        <>
          <p role="status" className="text-green-800">
            {`Subscribed. Your code for ${NEWSLETTER_DISCOUNT_PERCENT}% off one order is on its way to your inbox.`}
          </p>
          <Link to={paths.products()} className={buttonStyles({ variant: 'outline' })}>
            Shop now
          </Link>
        </>
      )}
    />
  );
}
