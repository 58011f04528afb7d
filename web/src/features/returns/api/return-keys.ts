import { type ListAdminReturnsQuerySchema, listAdminReturns } from '#contract';
import type { QueryInput } from '#web/lib/api-client.ts';

export const adminReturnKeys = {
  /** Every cached page of the owner's returns: what a step on one refreshes. */
  lists: [listAdminReturns.path] as const,
  list: (query: QueryInput<typeof ListAdminReturnsQuerySchema>) =>
    [...adminReturnKeys.lists, query] as const,
};
