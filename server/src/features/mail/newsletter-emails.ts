/** The emails of a newsletter subscription (issue 27): its confirmation, then its discount code. */
import { NEWSLETTER_DISCOUNT_PERCENT, SHOP_NAME } from '#contract';
import { action, compose, type MailMessage, paragraph, type Recipient } from './html-email.ts';

/** The double opt-in: the subscription counts, and its code is sent, once this link is followed. */
export function newsletterConfirmEmail(
  to: Recipient,
  confirmUrl: string,
  publicUrl: string,
): MailMessage {
  return compose(
    'newsletter-confirm',
    to,
    `Confirm your subscription to ${SHOP_NAME}`,
    [
      paragraph(
        `Someone subscribed this address to the ${SHOP_NAME} newsletter. Confirm it was you, and we will email you a code for ${NEWSLETTER_DISCOUNT_PERCENT}% off your next order:`,
      ),
      action('Yes, subscribe me', confirmUrl),
      paragraph('If it was not you, ignore this email: we will not write to you.'),
    ],
    publicUrl,
  );
}

/** The promise of 'Subscribe & Get 20% Off': a code that works once. */
export function newsletterCouponEmail(to: Recipient, code: string, publicUrl: string): MailMessage {
  return compose(
    'newsletter-coupon',
    to,
    `Your ${NEWSLETTER_DISCOUNT_PERCENT}% off code: ${code}`,
    [
      paragraph(
        `Thank you for subscribing. Type ${code} in the cart's coupon box for ${NEWSLETTER_DISCOUNT_PERCENT}% off your order; it works once.`,
      ),
      action('Shop now', `${publicUrl}/products`),
    ],
    publicUrl,
  );
}
