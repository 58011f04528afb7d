import { getOutboxMessage, type ListOutboxQuerySchema, listOutbox } from '#contract';
import type { QueryInput } from '#web/lib/api-client.ts';

export const outboxKeys = {
  /** One page of the outbox. */
  list: (query: QueryInput<typeof ListOutboxQuerySchema>) => [listOutbox.path, query] as const,
  /** One email as it was rendered. */
  detail: (id: string) => [getOutboxMessage.path, { id }] as const,
};
