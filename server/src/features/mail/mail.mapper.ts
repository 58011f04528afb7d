import type { MailKind, OutboxMessage, OutboxMessageSummary } from '#contract';
import { withSecretsRedacted } from '#server/lib/secrets.ts';
import type { OutboxRow } from './mail.repository.ts';

export function toOutboxSummary(row: OutboxRow): OutboxMessageSummary {
  return {
    _id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    // Only the templates write kinds, and each is one of the contract's.
    kind: row.kind as MailKind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/**
 * A message as an admin may read it: a reset or confirmation link's token
 * is shown redacted, or the admin could open it and act as the shopper
 * (issue 23). The message stored and sent keeps its link whole.
 */
export function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    ...toOutboxSummary(row),
    text: withSecretsRedacted(row.text),
    html: withSecretsRedacted(row.html),
  };
}
