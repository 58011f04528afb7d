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
