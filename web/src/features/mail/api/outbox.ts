import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOutboxMessage, listOutbox, type OutboxStatus } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { outboxKeys } from './outbox-keys.ts';

/** The outbox page lists 20 emails at a time. */
const OUTBOX_PAGE_SIZE = 20;

export function outboxQueryOptions(page: number, status: OutboxStatus | undefined) {
  const query = { page, limit: OUTBOX_PAGE_SIZE, ...(status && { status }) };
  return queryOptions({
    queryKey: outboxKeys.list(query),
    queryFn: ({ signal }) => apiCall(listOutbox, { query, signal }),
  });
}

/** GET /api/v1/admin/outbox: every email, newest first, with its delivery status (D32). */
export const useOutbox = (page: number, status: OutboxStatus | undefined) =>
  useQuery(outboxQueryOptions(page, status));

export function outboxMessageQueryOptions(id: string) {
  return queryOptions({
    queryKey: outboxKeys.detail(id),
    queryFn: ({ signal }) => apiCall(getOutboxMessage, { params: { id }, signal }),
  });
}

/** GET /api/v1/admin/outbox/{id}: one email as it was rendered. */
export const useOutboxMessage = (id: string) => useQuery(outboxMessageQueryOptions(id));
