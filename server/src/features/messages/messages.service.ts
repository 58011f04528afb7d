import type { ContactBody, NewsletterBody } from '#contract';
import type { Database } from '#server/db/client.ts';
import {
  findAllSubscribers,
  findContactMessagePage,
  findSubscriberPage,
  insertContactMessage,
  insertSubscriber,
  setContactMessageHandled,
} from './messages.repository.ts';

/** The contact form and the newsletter are stored for the shop owner (D22). */
export function createMessagesService(db: Database) {
  return {
    sendContactMessage: (body: ContactBody) => insertContactMessage(db, body),

    /** Subscribing twice is not an error: the email stays subscribed once. */
    subscribeNewsletter: (body: NewsletterBody) => insertSubscriber(db, body.email),

    // The owner's reads and writes (D25), executor first like every
    // cross-feature method.
    findContactMessagePage,
    setContactMessageHandled,
    findSubscriberPage,
    findAllSubscribers,
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
