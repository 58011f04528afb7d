import { getOutboxMessage, listOutbox } from '#contract';
import { listKeys } from '#web/lib/query-keys.ts';

export const outboxKeys = {
  /** The outbox's pages. */
  ...listKeys(listOutbox),
  /** One email as it was rendered. */
  detail: (id: string) => [getOutboxMessage.path, { id }] as const,
};
