import type { Order, Refund } from '#contract';
import type { OrderEventRow, OrderItemRow, OrderRow } from '#server/db/schema/orders.ts';
import type { RefundRow } from '#server/db/schema/payments.ts';
import { paiseToRupees } from '#server/lib/money.ts';

function groupByOrder<Row extends { orderId: string }>(rows: Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.orderId) ?? [];
    group.push(row);
    groups.set(row.orderId, group);
  }
  return groups;
}

/** How an order was paid, as much of it as a refund shows. */
export type OrderPayment = Pick<OrderRow, 'paymentMethod' | 'cardBrand' | 'cardLast4'>;

const cardOf = (payment: OrderPayment) =>
  payment.cardBrand && payment.cardLast4
    ? { brand: payment.cardBrand, last4: payment.cardLast4 }
    : null;

/** A refund goes back the way the order was paid. */
export function toRefund(payment: OrderPayment, refund: RefundRow): Refund {
  return {
    amount: paiseToRupees(refund.amountPaise),
    status: refund.status,
    method: payment.paymentMethod,
    card: cardOf(payment),
    createdAt: refund.createdAt.toISOString(),
    refundedAt: refund.refundedAt ? refund.refundedAt.toISOString() : null,
  };
}

/** Reshapes an order row with its items, events and refunds into the API's order (D3, D4). */
export function toOrder(
  row: OrderRow,
  items: OrderItemRow[],
  events: OrderEventRow[],
  refunds: RefundRow[],
): Order {
  const card = cardOf(row);
  return {
    _id: row.id,
    status: row.status,
    items: [...items]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        _id: item.id,
        productId: item.productId,
        name: item.name,
        image: item.image,
        size: item.size,
        price: paiseToRupees(item.pricePaise),
        quantity: item.quantity,
        design: item.design,
        printAreas: item.printAreas,
      })),
    subtotal: paiseToRupees(row.subtotalPaise),
    discount: paiseToRupees(row.discountPaise),
    couponCode: row.couponCode,
    giftWrap: paiseToRupees(row.giftWrapPaise),
    giftMessage: row.giftMessage,
    totalPrice: paiseToRupees(row.totalPaise),
    paymentMethod: row.paymentMethod,
    card,
    address: {
      name: row.addressName,
      phone: row.addressPhone,
      pincode: row.addressPincode,
      city: row.addressCity,
      state: row.addressState,
      fullAddress: row.addressFullAddress,
    },
    createdAt: row.createdAt.toISOString(),
    estimateDeliveryDate: row.estimateDeliveryDate,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    events: events.map((event) => ({
      type: event.type,
      at: event.at.toISOString(),
      note: event.note,
    })),
    refunds: refunds.map((refund) => toRefund(row, refund)),
  };
}

/** Several orders, each with its own items, events and refunds picked out of the lists. */
export function toOrders(
  rows: OrderRow[],
  items: OrderItemRow[],
  events: OrderEventRow[],
  refunds: RefundRow[],
): Order[] {
  const itemsByOrder = groupByOrder(items);
  const eventsByOrder = groupByOrder(events);
  const refundsByOrder = groupByOrder(refunds);
  return rows.map((row) =>
    toOrder(
      row,
      itemsByOrder.get(row.id) ?? [],
      eventsByOrder.get(row.id) ?? [],
      refundsByOrder.get(row.id) ?? [],
    ),
  );
}
