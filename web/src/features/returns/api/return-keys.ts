import { listAdminReturns } from '#contract';
import { listKeys } from '#web/lib/query-keys.ts';

/** The owner's returns' pages: a step on one refreshes them all. */
export const adminReturnKeys = listKeys(listAdminReturns);
