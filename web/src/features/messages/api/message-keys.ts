import {
  type ListContactMessagesQuerySchema,
  listContactMessages,
  listNewsletterSubscribers,
  type PageQuerySchema,
} from '#contract';
import type { QueryInput } from '#web/lib/api-client.ts';

export const contactMessageKeys = {
  /** Every cached page of contact messages: what marking one handled refreshes. */
  lists: [listContactMessages.path] as const,
  list: (query: QueryInput<typeof ListContactMessagesQuerySchema>) =>
    [...contactMessageKeys.lists, query] as const,
};

export const newsletterSubscriberKeys = {
  list: (query: QueryInput<typeof PageQuerySchema>) =>
    [listNewsletterSubscribers.path, query] as const,
};
