import type { AdminReturn, ReturnReason, ReturnRequest } from '#contract';
import type { RefundRow } from '#server/db/schema/payments.ts';
import type { ReturnRow } from '#server/db/schema/returns.ts';
import { type OrderPayment, toRefund } from '#server/features/orders/orders.service.ts';
import { paiseToRupees } from '#server/lib/money.ts';
import type { ReturnItemWithLine } from './returns.repository.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A return with its items (each named as its order line is) and its refund (D3, D4). */
export function toReturnRequest(
  row: ReturnRow,
  items: ReturnItemWithLine[],
  refunds: RefundRow[],
  payment: OrderPayment,
): ReturnRequest {
  const refund = row.refundId
    ? refunds.find((candidate) => candidate.id === row.refundId)
    : undefined;
  return {
    _id: row.id,
    orderId: row.orderId,
    status: row.status,
    items: items
      .filter(({ item }) => item.returnId === row.id)
      .map(({ item, line }) => ({
        _id: item.id,
        orderItemId: line.id,
        productId: line.productId,
        name: line.name,
        image: line.image,
        size: line.size,
        quantity: item.quantity,
        kind: item.kind,
        exchangeSize: item.exchangeSize,
        reason: item.reason as ReturnReason,
      })),
    instructions: row.instructions,
    rejectionReason: row.rejectionReason,
    refundAmount: paiseToRupees(row.refundPaise),
    refund: refund ? toRefund(payment, refund) : null,
    createdAt: row.createdAt.toISOString(),
    approvedAt: iso(row.approvedAt),
    receivedAt: iso(row.receivedAt),
    rejectedAt: iso(row.rejectedAt),
  };
}

export function toAdminReturn(
  row: ReturnRow,
  customer: { id: string; name: string; email: string },
  items: ReturnItemWithLine[],
  refunds: RefundRow[],
  payment: OrderPayment,
): AdminReturn {
  return {
    ...toReturnRequest(row, items, refunds, payment),
    customer: { _id: customer.id, name: customer.name, email: customer.email },
  };
}
