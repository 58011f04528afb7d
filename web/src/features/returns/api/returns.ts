import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminReturn,
  approveReturn,
  listAdminReturns,
  type ReturnStatus,
  receiveReturn,
  rejectReturn,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { adminReturnKeys } from './return-keys.ts';

/** The returns page lists 20 returns at a time. */
const RETURNS_PAGE_SIZE = 20;

export function adminReturnsQueryOptions(page: number, status: ReturnStatus | undefined) {
  const query = { page, limit: RETURNS_PAGE_SIZE, ...(status && { status }) };
  return queryOptions({
    queryKey: adminReturnKeys.list(query),
    queryFn: ({ signal }) => apiCall(listAdminReturns, { query, signal }),
  });
}

/** GET /api/v1/admin/returns: returns and exchanges, newest first (D31). */
export const useAdminReturns = (page: number, status: ReturnStatus | undefined) =>
  useQuery(adminReturnsQueryOptions(page, status));

/** One of the owner's steps on a return: approve, receive, or reject with a reason. */
export type ReturnStep =
  | { step: 'approve'; id: string; note?: string }
  | { step: 'receive'; id: string }
  | { step: 'reject'; id: string; reason: string };

function takeStep(input: ReturnStep): Promise<AdminReturn> {
  const params = { id: input.id };
  if (input.step === 'approve') {
    return apiCall(approveReturn, { params, body: input.note ? { note: input.note } : {} });
  }
  if (input.step === 'receive') return apiCall(receiveReturn, { params });
  return apiCall(rejectReturn, { params, body: { reason: input.reason } });
}

/** POST /api/v1/admin/returns/{id}/{approve|receive|reject}; the list is fetched again after. */
export function useReturnStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: takeStep,
    onSettled: () => client.invalidateQueries({ queryKey: adminReturnKeys.lists }),
  });
}
