import {
  getOutboxMessage,
  listOutbox,
  type OutboxMessage,
  type OutboxPage,
  type OutboxStatus,
} from '#contract';
import { type QueryState, useQuery } from '#web/hooks/use-query.ts';
import { apiCall } from '#web/lib/api-client.ts';

/** GET /api/v1/admin/outbox: every email, newest first, with its delivery status (D29). */
export function useOutbox(page: number, status: OutboxStatus | undefined): QueryState<OutboxPage> {
  return useQuery(`admin-outbox:${page}:${status ?? ''}`, (signal) =>
    apiCall(listOutbox, { query: { page, limit: 20, ...(status && { status }) }, signal }),
  );
}

/** GET /api/v1/admin/outbox/{id}: one email as it was rendered. */
export function useOutboxMessage(id: string): QueryState<OutboxMessage> {
  return useQuery(`admin-outbox-message:${id}`, (signal) =>
    apiCall(getOutboxMessage, { params: { id }, signal }),
  );
}
