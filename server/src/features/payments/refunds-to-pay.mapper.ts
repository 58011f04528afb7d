import type { RefundAccount, RefundPaid, RefundToPay } from '#contract';
import type { RefundAccountRow } from '#server/db/schema/payments.ts';
import { paiseToRupees } from '#server/lib/money.ts';
import type { CashRefundRow } from './payments.repository.ts';

/** Where the refund goes, as the shopper sees it: a bank account by its last 4 digits only. */
export function toRefundAccount(row: RefundAccountRow): RefundAccount {
  if (row.kind === 'upi' && row.upiId) return { kind: 'upi', upiId: row.upiId };
  return {
    kind: 'bank',
    accountLast4: (row.accountNumber ?? '').slice(-4),
    ifsc: row.ifsc ?? '',
    accountHolder: row.accountHolder ?? '',
  };
}

/** The owner pays into it, so sees the whole account number. */
function toOwnersAccount(row: RefundAccountRow | null): RefundToPay['account'] {
  if (!row) return null;
  if (row.kind === 'upi' && row.upiId) return { kind: 'upi', upiId: row.upiId };
  return {
    kind: 'bank',
    accountNumber: row.accountNumber ?? '',
    ifsc: row.ifsc ?? '',
    accountHolder: row.accountHolder ?? '',
  };
}

export const toRefundPaid = (row: CashRefundRow): RefundPaid => ({
  _id: row.id,
  orderId: row.orderId,
  amount: paiseToRupees(row.amountPaise),
  reference: row.reference ?? '',
  paidAt: (row.refundedAt ?? row.createdAt).toISOString(),
});

/** A refund on the owner's list: whom to pay, how much, and where to. */
export const toRefundToPay = (row: CashRefundRow): RefundToPay => ({
  _id: row.id,
  orderId: row.orderId,
  amount: paiseToRupees(row.amountPaise),
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  customer: { _id: row.customerId, name: row.customerName, email: row.customerEmail },
  account: toOwnersAccount(row.account),
});
