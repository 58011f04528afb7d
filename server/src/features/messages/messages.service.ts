import {
  type ConfirmNewsletterBody,
  type ContactBody,
  NEWSLETTER_DISCOUNT_PERCENT,
  NEWSLETTER_LINK_INVALID,
  type NewsletterBody,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import type { PromotionsService } from '#server/features/promotions/promotions.service.ts';
import { badRequest } from '#server/lib/app-error.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import {
  confirmSubscriber,
  findAllSubscribers,
  findContactMessagePage,
  findSubscriberPage,
  insertContactMessage,
  insertSubscriber,
  setContactMessageHandled,
} from './messages.repository.ts';

export interface MessagesDependencies {
  mail: Pick<MailService, 'newsletterConfirm' | 'newsletterCoupon'>;
  promotions: Pick<PromotionsService, 'issueSingleUseCoupon'>;
}

/** The contact form and the newsletter are stored for the shop owner (D22). */
export function createMessagesService(db: Database, { mail, promotions }: MessagesDependencies) {
  return {
    sendContactMessage: (body: ContactBody) => insertContactMessage(db, body),

    /**
     * Subscribing twice is not an error: the email stays subscribed once. A
     * new email is mailed the link that confirms it (issue 27), once, so the
     * form cannot be used to send mail to an address again and again.
     */
    subscribeNewsletter: (body: NewsletterBody) =>
      db.transaction(async (tx) => {
        const token = newToken();
        if (await insertSubscriber(tx, body.email, hashToken(token))) {
          await mail.newsletterConfirm(tx, body.email, token);
        }
      }),

    /** The mailed link followed, once: the subscription counts and its single-use code is mailed. */
    confirmNewsletter: (body: ConfirmNewsletterBody) =>
      db.transaction(async (tx) => {
        const subscriber = await confirmSubscriber(tx, hashToken(body.token));
        if (!subscriber) {
          throw badRequest(NEWSLETTER_LINK_INVALID, [
            { field: 'token', message: NEWSLETTER_LINK_INVALID },
          ]);
        }
        const code = await promotions.issueSingleUseCoupon(tx, {
          prefix: 'WELCOME',
          percentOff: NEWSLETTER_DISCOUNT_PERCENT,
          description: `Newsletter: ${NEWSLETTER_DISCOUNT_PERCENT}% off one order`,
        });
        await mail.newsletterCoupon(tx, subscriber.email, code);
      }),

    // The owner's reads and writes (D25), executor first like every
    // cross-feature method.
    findContactMessagePage,
    setContactMessageHandled,
    findSubscriberPage,
    findAllSubscribers,
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
