import type { ContactMessage, NewsletterSubscriber } from '#contract';
import type { ContactMessageRow, SubscriberRow } from '#server/db/schema/messages.ts';

export function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    handled: row.handledAt !== null,
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const toSubscriber = (row: SubscriberRow): NewsletterSubscriber => ({
  _id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
});
