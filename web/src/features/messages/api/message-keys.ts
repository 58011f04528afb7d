import { listContactMessages, listNewsletterSubscribers } from '#contract';
import { listKeys } from '#web/lib/query-keys.ts';

/** The contact messages' pages: marking one handled refreshes them all. */
export const contactMessageKeys = listKeys(listContactMessages);

export const newsletterSubscriberKeys = listKeys(listNewsletterSubscribers);
