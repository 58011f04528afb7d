import type { MailKind, OutboxMessage, OutboxMessageSummary } from '#contract';
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

export function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return { ...toOutboxSummary(row), text: row.text, html: row.html };
}
