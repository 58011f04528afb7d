import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { outboxMessages } from '#server/db/schema/mail.ts';

/** Every email the shop wrote to this address, oldest first, as the outbox holds it. */
export function findMessagesTo(db: Database, recipient: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(outboxMessages.createdAt);
}

/** The `?token=` of every link in the emails of one kind to this address, oldest first. */
export async function findLinkTokens(
  db: Database,
  recipient: string,
  kind: string,
): Promise<string[]> {
  const messages = await findMessagesTo(db, recipient);
  return messages
    .filter((message) => message.kind === kind)
    .map((message) => {
      const token = /[?&]token=([\w-]+)/.exec(message.text)?.[1];
      if (!token) throw new Error(`No link in: ${message.text}`);
      return token;
    });
}
