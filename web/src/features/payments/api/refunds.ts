import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getRefundAccount,
  listRefundsToPay,
  markRefundPaid,
  type SetRefundAccountBody,
  setRefundAccount,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { refundKeys } from './refund-keys.ts';

/** GET /api/v1/order/{id}/refund-account: where the shop pays a cash order's refund (issue 25). */
export const refundAccountQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: refundKeys.account(orderId),
    queryFn: ({ signal }) => apiCall(getRefundAccount, { params: { id: orderId }, signal }),
  });

export const useRefundAccount = (orderId: string) => useQuery(refundAccountQueryOptions(orderId));

/** PUT /api/v1/order/{id}/refund-account: the UPI ID or bank account the shopper gives. */
export function useSetRefundAccount(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SetRefundAccountBody) =>
      apiCall(setRefundAccount, { params: { id: orderId }, body }),
    onSuccess: (account) =>
      client.setQueryData(refundAccountQueryOptions(orderId).queryKey, account),
  });
}

/** The owner's list shows up to 100 refunds to pay: there are seldom more than a few. */
const REFUNDS_TO_PAY_LIMIT = 100;

/** GET /api/v1/admin/refunds/to-pay: cash orders' refunds the shop pays by hand, oldest first. */
export const refundsToPayQueryOptions = () => {
  const query = { page: 1, limit: REFUNDS_TO_PAY_LIMIT };
  return queryOptions({
    queryKey: refundKeys.toPay.list(query),
    queryFn: ({ signal }) => apiCall(listRefundsToPay, { query, signal }),
  });
};

export const useRefundsToPay = () => useQuery(refundsToPayQueryOptions());

/** POST /api/v1/admin/refunds/{id}/paid with the payment's reference; the list is read again after. */
export function useMarkRefundPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) =>
      apiCall(markRefundPaid, { params: { id }, body: { reference } }),
    onSettled: () => client.invalidateQueries({ queryKey: refundKeys.toPay.lists }),
  });
}
