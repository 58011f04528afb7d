import { asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  type ContactMessageRow,
  contactMessages,
  newsletterSubscribers,
  type SubscriberRow,
} from '#server/db/schema/messages.ts';

export async function insertContactMessage(
  db: Database,
  message: { name: string; email: string; message: string },
): Promise<void> {
  await db.insert(contactMessages).values(message);
}

/**
 * Adds a subscriber awaiting the mailed link's confirmation; an email already
 * there, in any case, is left as it is (D22). Answers whether it was added.
 */
export async function insertSubscriber(
  db: Database,
  email: string,
  confirmTokenHash: string,
): Promise<boolean> {
  const added = await db
    .insert(newsletterSubscribers)
    .values({ email, confirmTokenHash })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return added.length > 0;
}

/** Confirms the subscription of a link's token, once; the subscriber, or undefined for an unknown or used token. */
export async function confirmSubscriber(db: Database, confirmTokenHash: string) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: new Date(), confirmTokenHash: null })
    .where(eq(newsletterSubscribers.confirmTokenHash, confirmTokenHash))
    .returning();
  return row;
}

// ---------------------------------------------------------------- the owner's reads and writes (D25)

/** Contact messages, newest first; only handled (true) or unhandled (false) ones when asked. */
export async function findContactMessagePage(
  db: Database,
  query: { handled?: boolean | undefined; offset: number; limit: number },
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const where =
    query.handled === undefined
      ? undefined
      : query.handled
        ? isNotNull(contactMessages.handledAt)
        : isNull(contactMessages.handledAt);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Marks a message handled now, or not handled; a message already handled keeps its time. */
export async function setContactMessageHandled(
  db: Database,
  id: string,
  handled: boolean,
): Promise<ContactMessageRow | undefined> {
  const [row] = await db
    .update(contactMessages)
    .set({ handledAt: handled ? sql`coalesce(${contactMessages.handledAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}

/** Who may be mailed the newsletter: an address that confirmed its subscription (issue 27). */
const confirmedSubscriber = isNotNull(newsletterSubscribers.confirmedAt);

/** Confirmed newsletter subscribers, newest first. */
export async function findSubscriberPage(
  db: Database,
  query: { offset: number; limit: number },
): Promise<{ rows: SubscriberRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(confirmedSubscriber)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(newsletterSubscribers).where(confirmedSubscriber),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every confirmed subscriber, oldest first, for the CSV download. */
export async function findAllSubscribers(db: Database): Promise<SubscriberRow[]> {
  return db
    .select()
    .from(newsletterSubscribers)
    .where(confirmedSubscriber)
    .orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id));
}
