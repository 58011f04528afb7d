import type { ContactBody, NewsletterBody } from '#contract';
import type { Database } from '#server/db/client.ts';
import { insertContactMessage, insertSubscriber } from './messages.repository.ts';

/** The contact form and the newsletter are stored for the shop owner (D22). */
export function createMessagesService(db: Database) {
  return {
    sendContactMessage: (body: ContactBody) => insertContactMessage(db, body),

    /** Subscribing twice is not an error: the email stays subscribed once. */
    subscribeNewsletter: (body: NewsletterBody) => insertSubscriber(db, body.email),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
