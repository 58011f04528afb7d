import type {
  ContactMessage,
  ListContactMessagesQuery,
  NewsletterSubscriber,
  SetMessageHandledBody,
} from '#contract';
import { NEWSLETTER_CSV_COLUMNS } from '#contract';
import type { Database } from '#server/db/client.ts';
import { toCsv } from '#server/features/admin/csv.ts';
import { notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { pageResult, pageWindow } from '#server/lib/paging.ts';
import { toContactMessage, toSubscriber } from './messages.mapper.ts';
import type { MessagesService } from './messages.service.ts';

export const MESSAGE_NOT_FOUND = 'Message not found';

/** What shoppers wrote to the shop (D22), for the owner to read and answer. */
export function createAdminMessagesService(
  db: Database,
  { messages }: { messages: MessagesService },
) {
  return {
    async listContactMessages(query: ListContactMessagesQuery) {
      const { rows, total } = await messages.findContactMessagePage(db, {
        handled: query.handled,
        ...pageWindow(query),
      });
      return pageResult(rows.map(toContactMessage), total, query);
    },

    async setContactMessageHandled(
      id: string,
      body: SetMessageHandledBody,
    ): Promise<ContactMessage> {
      const row = isUuid(id)
        ? await messages.setContactMessageHandled(db, id, body.handled)
        : undefined;
      if (!row) throw notFound(MESSAGE_NOT_FOUND);
      return toContactMessage(row);
    },

    async listNewsletterSubscribers(query: { page: number; limit: number }) {
      const { rows, total } = await messages.findSubscriberPage(db, {
        ...pageWindow(query),
      });
      return pageResult<NewsletterSubscriber>(rows.map(toSubscriber), total, query);
    },

    /** Every subscriber as CSV, oldest first: email, subscribed_at (ISO 8601, UTC). */
    async exportNewsletterSubscribers(): Promise<string> {
      const rows = await messages.findAllSubscribers(db);
      return toCsv([
        NEWSLETTER_CSV_COLUMNS,
        ...rows.map((row) => [row.email, row.createdAt.toISOString()]),
      ]);
    },
  };
}

export type AdminMessagesService = ReturnType<typeof createAdminMessagesService>;
