import type { Database } from '#server/db/client.ts';
import { contactMessages, newsletterSubscribers } from '#server/db/schema/messages.ts';

export async function insertContactMessage(
  db: Database,
  message: { name: string; email: string; message: string },
): Promise<void> {
  await db.insert(contactMessages).values(message);
}

/** Adds a subscriber; an email already subscribed, in any case, is left as it is (D22). */
export async function insertSubscriber(db: Database, email: string): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}
