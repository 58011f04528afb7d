import { getRefundAccount, listRefundsToPay } from '#contract';
import { listKeys } from '#web/lib/query-keys.ts';

export const refundKeys = {
  /** Where the shop pays one cash order's refund. */
  account: (orderId: string) => [getRefundAccount.path, orderId] as const,
  /** The owner's refunds to pay. */
  toPay: listKeys(listRefundsToPay),
};
